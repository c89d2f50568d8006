import { Flex } from 'antd';
import { CenterPage } from '../../features/auth/pages/center-page';
import { CenterCampaigns } from './center-campaigns';
import { AgendaSummary } from '../../features/workbench/components/agenda-summary';

/** 个人中心（专家）: the account page every role has, with the expert's 今日待办 under it (and 我负责的筛查 for unit staff). */
export function Component() {
  return (
    <CenterPage
      extra={
        <Flex vertical gap={16}>
          <AgendaSummary />
          <CenterCampaigns />
        </Flex>
      }
    />
  );
}
