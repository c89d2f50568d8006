import { ReportApprovalList } from '../components/report-approvals';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';

/** 报告审批 (/expert/archives/approvalList). */
export function Component() {
  return (
    <WorkbenchLayout>
      <ReportApprovalList detailPath="/expert/archives/approvalDetail" />
    </WorkbenchLayout>
  );
}
