import { ReportViewPage } from '../../features/assessments/pages/report-view-page';
import { FeedbackPanel } from '../../features/feedback/components/feedback-panel';

/** 查看报告 (/reportView?id=): the assessments feature's report with the person's feedback on it. */
export function Component() {
  return <ReportViewPage feedback={(id) => <FeedbackPanel kind="report" objectId={id} />} />;
}
