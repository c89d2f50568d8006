import { tweetVisibilityLabels } from '@psy/contracts';
import { Alert, Card, Col, Descriptions, Row } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { idParam, itemStates } from '../../../components/page-states';
import { ReviewDecision } from '../../../components/review-decision';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { formatDateTime } from '../../../lib/format';
import { useDecideTweet, useReviewTweet } from '../api/tweets';
import { TweetImages } from '../components/tweet-images';
import { TweetStatusTag } from '../components/tweet-status-tag';

/** 推文审核详情 (/audit/tweet/detail?id=): the tweet as it will appear, and the decision. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useReviewTweet(id);
  const decide = useDecideTweet(id);
  const t = query.data;
  const state = itemStates(
    query,
    id,
    '动态',
    { to: '/audit/tweet/list', label: '返回推文审核' },
    { rows: 6 },
  );

  return (
    <AuditLayout>
      <WorkbenchHead title="推文审核详情" extra={<Link to="/audit/tweet/list">返回列表</Link>} />
      {state
        ? state.view
        : t && (
            <Row gutter={16}>
              <Col xs={24} lg={15}>
                <Card style={{ marginBottom: 16 }}>
                  <Descriptions
                    size="small"
                    column={1}
                    items={[
                      {
                        label: '专家',
                        children: (
                          <span>
                            <ExpertAvatar expert={t.author} size={24} /> {t.author.name}
                            {t.author.title && ` · ${t.author.title}`}
                          </span>
                        ),
                      },
                      { label: '状态', children: <TweetStatusTag status={t.status} /> },
                      { label: '可见范围', children: tweetVisibilityLabels[t.visibility] },
                      { label: '提交时间', children: t.submittedAt ? formatDateTime(t.submittedAt) : '—' },
                    ]}
                  />
                  <p
                    style={{ whiteSpace: 'pre-wrap', marginTop: 16, fontSize: 15 }}
                    data-testid="review-content"
                  >
                    {t.content}
                  </p>
                  <TweetImages images={t.images} />
                </Card>
              </Col>
              <Col xs={24} lg={9}>
                {t.status === 'pending' ? (
                  <ReviewDecision
                    onDecide={(d) => decide.mutate(d)}
                    pending={decide.isPending}
                    approveTitle="通过并发布"
                    approveDescription="通过后动态立即显示在专家主页和首页，确定吗？"
                    placeholder="驳回原因（驳回时必填），例如：请补充资料来源"
                  />
                ) : (
                  <Alert
                    type={t.status === 'rejected' ? 'error' : 'success'}
                    showIcon
                    message={
                      t.status === 'rejected'
                        ? '已驳回'
                        : t.status === 'published'
                          ? '已通过并发布'
                          : '专家已撤回'
                    }
                    description={[
                      t.reviewer && t.decidedAt && `${t.reviewer} 于 ${formatDateTime(t.decidedAt)} 审核`,
                      t.rejectReason && `原因：${t.rejectReason}`,
                    ]
                      .filter(Boolean)
                      .join('；')}
                  />
                )}
              </Col>
            </Row>
          )}
    </AuditLayout>
  );
}
