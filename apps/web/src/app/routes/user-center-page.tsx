import { CenterPage } from '../../features/auth/pages/center-page';
import { CenterCampaigns } from './center-campaigns';

/** 个人中心: the account page, with 我的筛查 / 我负责的筛查 when a screening campaign reaches the person. */
export function Component() {
  return <CenterPage extra={<CenterCampaigns />} />;
}
