import { Empty, Select } from 'antd';
import { useState } from 'react';
import { CardSkeleton, LoadFailed } from '../../../components/page-states';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useInstitutions } from '../api/org';
import { OrgWorkspace } from '../components/org-workspace';

/** 组织与名单 (/audit/org/units): any institution's units, its roster and each unit's staff. */
export function Component() {
  const institutions = useInstitutions();
  const [chosen, setInstitutionId] = useState<number>();
  // The first institution until the auditor picks another.
  const institutionId = chosen ?? institutions.data?.[0]?.id;

  let body;
  if (institutions.isPending) body = <CardSkeleton rows={6} />;
  else if (institutions.isError)
    body = <LoadFailed title="机构加载失败" onRetry={() => void institutions.refetch()} />;
  else if (!institutionId) body = <Empty description="还没有机构" />;
  // Keyed: another institution starts with no unit chosen.
  else body = <OrgWorkspace key={institutionId} institutionId={institutionId} />;

  return (
    <AuditLayout>
      <WorkbenchHead
        title="组织与名单"
        sub="机构的学院、年级、班级或部门，名单导入，以及各单位的负责人"
        extra={
          <Select
            aria-label="机构"
            style={{ minWidth: 220, maxWidth: '100%' }}
            loading={institutions.isPending}
            value={institutionId}
            onChange={setInstitutionId}
            options={(institutions.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
          />
        }
      />
      {body}
    </AuditLayout>
  );
}
