import { useSearchParams } from 'react-router';
import { idParam } from '../../components/page-states';
import { ReportApprovalDetail } from '../../features/workbench/components/report-approvals';
import { AuditLayout } from '../../components/workbench/audit-layout';

/** 审批详情 (/audit/warning/detail?id=). */
export function Component() {
  const [search] = useSearchParams();
  return (
    <AuditLayout>
      <ReportApprovalDetail id={idParam(search)} listPath="/audit/warning/list" />
    </AuditLayout>
  );
}
