import { CenterPage } from '../../features/auth/pages/center-page';
import { AgendaSummary } from '../../features/workbench/components/agenda-summary';

/** 个人中心（专家）: the account page every role has, with the expert's 今日待办 under it. */
export function Component() {
  return <CenterPage extra={<AgendaSummary />} />;
}
