import { RecordPage } from './record-page';

/** 心理档案 in the audit workbench (/audit/archives/record?userId=): auditors read every record. */
export function Component() {
  return <RecordPage audit />;
}
