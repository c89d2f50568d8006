import { AuditLayout } from '../../components/workbench/audit-layout';
import { AuditCourseList } from '../../features/courses/components/audit-views';

/** 课程审核 (/audit/course/list): the courses feature's review list in the audit workbench. */
export function Component() {
  return (
    <AuditLayout>
      <AuditCourseList />
    </AuditLayout>
  );
}
