import { WorkPage } from '../../features/audit/pages/work-page';
import { OpenCampaignsCard } from '../../features/org/components/open-campaigns-card';

/** 管理员工作台 (/audit/work): the review inbox and escalated warnings, with the open screenings. */
export function Component() {
  return <WorkPage extra={<OpenCampaignsCard />} />;
}
