import { ReportApprovalList } from '../../features/workbench/components/report-approvals';
import { AuditLayout } from '../../components/workbench/audit-layout';

/** 报告审批 (/audit/warning/list): every report that needs approval. */
export function Component() {
  return (
    <AuditLayout>
      <ReportApprovalList detailPath="/audit/warning/detail" />
    </AuditLayout>
  );
}
