import { useSearchParams } from 'react-router';
import { idParam } from '../../../components/page-states';
import { ReportApprovalDetail } from '../components/report-approvals';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';

/** 审批详情 (/expert/archives/approvalDetail?id=). */
export function Component() {
  const [search] = useSearchParams();
  return (
    <WorkbenchLayout>
      <ReportApprovalDetail id={idParam(search)} listPath="/expert/archives/approvalList" />
    </WorkbenchLayout>
  );
}
