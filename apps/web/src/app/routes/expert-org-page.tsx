import { Empty } from 'antd';
import { CardSkeleton, LoadFailed } from '../../components/page-states';
import { WorkbenchLayout } from '../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../components/workbench/workbench-shell';
import { useDepartment } from '../../features/auth/api/department';
import { OrgApiBase } from '../../features/org/api/org';
import { OrgWorkspace } from '../../features/org/components/org-workspace';

/**
 * 组织与名单 (/expert/org/units): an institution's own experts keep its units, roster and unit
 * staff; the server lets them touch that institution only.
 */
export function Component() {
  const department = useDepartment();

  let body;
  if (department.isPending) body = <CardSkeleton rows={6} />;
  else if (department.isError)
    body = <LoadFailed title="所属机构加载失败" onRetry={() => void department.refetch()} />;
  else if (!department.data)
    body = <Empty description="你的账号不属于任何机构；机构的单位和名单由机构的工作人员或平台管理员维护" />;
  else
    body = (
      <OrgApiBase.Provider value="/api/expert/org">
        <OrgWorkspace institutionId={department.data.id} />
      </OrgApiBase.Provider>
    );

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="组织与名单"
        sub={`${department.data ? `${department.data.name}：` : ''}学院、年级、班级或部门，名单导入，以及各单位的负责人`}
      />
      {body}
    </WorkbenchLayout>
  );
}
