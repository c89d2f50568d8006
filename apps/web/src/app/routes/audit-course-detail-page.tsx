import { AuditLayout } from '../../components/workbench/audit-layout';
import { AuditCourseDetail } from '../../features/courses/components/audit-views';

/** 课程审核详情 (/audit/course/detail?id=): the courses feature's review view in the audit workbench. */
export function Component() {
  return (
    <AuditLayout>
      <AuditCourseDetail />
    </AuditLayout>
  );
}
