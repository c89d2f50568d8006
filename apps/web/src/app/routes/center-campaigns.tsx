import { flowPaths, withAid } from '../../features/assessments/components/flow';
import { CampaignCards } from '../../features/org/components/campaign-cards';

const continuePath = (aid: number) => withAid(flowPaths.guidance, aid);
const resultPath = (aid: number) => withAid(flowPaths.result, aid);

/** 我的筛查 / 我负责的筛查 on a personal centre, taking members into the assessment flow. */
export function CenterCampaigns() {
  return <CampaignCards continuePath={continuePath} resultPath={resultPath} />;
}
