import { EditOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Flex, Popconfirm, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CardSkeleton, LoadFailed, idParam, queryStates } from '../../../components/page-states';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { formatDateTime } from '../../../lib/format';
import {
  useCampaignWarnings,
  useOutcomes,
  useCampaign,
  useCloseCampaign,
  useContentName,
  useOpenCampaign,
  usePending,
  type CampaignWarningAuditItem,
  type CampaignUnitProgress,
} from '../api/campaigns';
import { CampaignFormModal } from '../components/campaign-form';
import { RetestCard } from '../components/campaign-retest';
import { CampaignReportButton } from '../components/campaign-report';
import {
  CampaignStatusTag,
  CampaignWindow,
  LiveNote,
  ProgressFigures,
  RemindButton,
  UnitMembersDrawer,
  UnitProgressTable,
} from '../components/campaign-progress';
import {
  OutcomeChart,
  OutcomeTable,
  RiskTag,
  RouteTimeline,
  WarningStateTag,
  WarningWhere,
} from '../components/campaign-outcomes';

const reminderText = (days: number[]) =>
  days.length ? days.map((d) => (d === 0 ? '结束当天' : `结束前 ${d} 天`)).join('、') : '不自动提醒';

/** 筛查活动详情 (/audit/campaign/detail?id=): set-up, publishing and live completion per unit. */
export function Component() {
  const [search] = useSearchParams();
  const id = idParam(search);
  const q = useCampaign(id);
  const content = useContentName(q.data);
  const openIt = useOpenCampaign();
  const closeIt = useCloseCampaign();
  const [editing, setEditing] = useState(false);
  const [unit, setUnit] = useState<CampaignUnitProgress>();
  const outcomes = useOutcomes('audit', id, q.data?.status === 'open');

  const state = queryStates(q, {
    missing: !id,
    notFound: { title: '活动不存在', back: { to: '/audit/campaign/list', label: '返回活动列表' } },
    failed: '活动加载失败',
    skeleton: <CardSkeleton rows={8} />,
  });
  const c = q.data;

  let actions = null;
  if (c?.status === 'draft')
    actions = (
      <Flex gap={8} wrap>
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          编辑
        </Button>
        <Popconfirm
          title="发布筛查活动"
          description={`将通知 ${c.progress.total} 位成员（站内通知与短信），发布后不能再修改`}
          okText="发布"
          cancelText="取消"
          onConfirm={() => openIt.mutate(c.id)}
        >
          <Button type="primary" icon={<SendOutlined />} loading={openIt.isPending}>
            发布
          </Button>
        </Popconfirm>
      </Flex>
    );
  const exportButton = c && <CampaignReportButton scope="audit" campaign={c} />;
  if (c?.status === 'closed') actions = exportButton;
  else if (c?.status === 'open')
    actions = (
      <Flex gap={8} wrap>
        {exportButton}
        <RemindButton c={c} scope="audit" />
        <Popconfirm
          title="结束活动"
          description="结束后成员不能再开始或提交这次筛查"
          okText="结束"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => closeIt.mutate(c.id)}
        >
          <Button danger icon={<StopOutlined />} loading={closeIt.isPending}>
            结束活动
          </Button>
        </Popconfirm>
      </Flex>
    );

  return (
    <AuditLayout>
      <WorkbenchHead
        title={
          c ? (
            <span>
              {c.title} <CampaignStatusTag status={c.status} />
            </span>
          ) : (
            '筛查活动'
          )
        }
        sub={c && <CampaignWindow opensAt={c.opensAt} closesAt={c.closesAt} />}
        extra={actions}
      />
      {state?.view ??
        (c && (
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <Card
                title="完成情况"
                extra={<LiveNote live={c.status === 'open'} updatedAt={q.dataUpdatedAt} />}
              >
                <ProgressFigures p={c.progress} />
                {c.lastRemindedAt && (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                    上次提醒：{formatDateTime(c.lastRemindedAt)}
                  </Typography.Paragraph>
                )}
              </Card>
            </Col>
            <Col span={24}>
              <Card title="各单位完成情况" styles={{ body: { paddingTop: 8 } }}>
                <UnitProgressTable units={c.units} action="未完成名单" onPick={setUnit} />
              </Card>
            </Col>
            {c.status !== 'draft' && (
              <Col span={24}>
                <Card
                  title="预警与处置成效"
                  extra={<Typography.Text type="secondary">按首次联系、转介、复测与结案统计</Typography.Text>}
                >
                  {outcomes.data ? (
                    <>
                      <OutcomeChart figures={outcomes.data.total} />
                      {outcomes.data.total.raised > 0 && <OutcomeTable outcomes={outcomes.data} />}
                    </>
                  ) : outcomes.isError ? (
                    <LoadFailed title="处置成效加载失败" onRetry={() => void outcomes.refetch()} />
                  ) : (
                    <CardSkeleton rows={4} />
                  )}
                </Card>
              </Col>
            )}
            {c.status !== 'draft' && (
              <Col span={24}>
                <Card title="复测">
                  <RetestCard c={c} warnings={outcomes.data?.total.raised} />
                </Card>
              </Col>
            )}
            {c.status !== 'draft' && (
              <Col span={24}>
                <Card title="筛查预警与分级处置">
                  <CampaignWarnings campaignId={c.id} />
                </Card>
              </Col>
            )}
            <Col span={24}>
              <Card title="活动设置">
                <Descriptions column={{ xs: 1, md: 2 }} size="small">
                  <Descriptions.Item label="测评内容">{content.data ?? '加载中…'}</Descriptions.Item>
                  <Descriptions.Item label="参与单位">
                    {c.units.map((u) => u.unitName).join('、')}
                  </Descriptions.Item>
                  {c.retestOf !== null && (
                    <Descriptions.Item label="复测">
                      <Link to={`/audit/campaign/detail?id=${c.retestOf}`}>原筛查</Link>中有预警的{' '}
                      {c.listedMembers ?? 0} 人
                    </Descriptions.Item>
                  )}
                  <Descriptions.Item label="成员查看结果">
                    {c.showResultToMember ? '可以' : '不可以（仅中心查看）'}
                  </Descriptions.Item>
                  <Descriptions.Item label="自动提醒">
                    {reminderText(c.reminderDaysBeforeClose)}
                  </Descriptions.Item>
                  <Descriptions.Item label="创建时间">{formatDateTime(c.createdAt)}</Descriptions.Item>
                </Descriptions>
                <Typography.Title level={5}>知情同意书</Typography.Title>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {c.consentText}
                </Typography.Paragraph>
              </Card>
            </Col>
          </Row>
        ))}
      {c && editing && (
        <CampaignFormModal open editing={c} onClose={() => setEditing(false)} onSaved={() => undefined} />
      )}
      <PendingDrawer campaignId={id} unit={unit} onClose={() => setUnit(undefined)} />
    </AuditLayout>
  );
}

/** Who in a unit (and below) has not finished. */
function PendingDrawer({
  campaignId,
  unit,
  onClose,
}: {
  campaignId: number;
  unit: CampaignUnitProgress | undefined;
  onClose: () => void;
}) {
  const q = usePending(campaignId, unit?.unitId);
  return (
    <UnitMembersDrawer
      open={!!unit}
      onClose={onClose}
      title={unit ? `未完成名单 · ${unit.unitName}` : ''}
      query={q}
      empty="该单位的成员都已完成"
    />
  );
}

/** Every warning of the campaign, the most recent first, each with its way up the units. */
function CampaignWarnings({ campaignId }: { campaignId: number }) {
  const [pageNum, setPageNum] = useState(1);
  const q = useCampaignWarnings(campaignId, pageNum, 10);
  return (
    <Table<CampaignWarningAuditItem>
      rowKey="id"
      size="small"
      loading={q.isPending}
      dataSource={q.data?.list ?? []}
      scroll={{ x: 800 }}
      locale={{ emptyText: q.isError ? '加载失败，请刷新重试' : '这次筛查还没有预警' }}
      pagination={{
        current: pageNum,
        pageSize: 10,
        total: q.data?.total ?? 0,
        onChange: setPageNum,
        hideOnSinglePage: true,
        showTotal: (t) => `共 ${t} 条`,
      }}
      expandable={{ expandedRowRender: (w) => <RouteTimeline routes={w.routes} /> }}
      columns={[
        {
          title: '姓名',
          key: 'member',
          width: 110,
          render: (_, w) => (
            <>
              {w.memberName}
              {w.warningCount > 1 && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  共 {w.warningCount} 条预警
                </Typography.Text>
              )}
            </>
          ),
        },
        { title: '单位', dataIndex: 'unitName', width: 160 },
        { title: '等级', dataIndex: 'level', width: 70, render: (l: number) => <RiskTag level={l} /> },
        { title: '状态', key: 'state', width: 130, render: (_, w) => <WarningStateTag w={w} /> },
        { title: '处置', key: 'where', render: (_, w) => <WarningWhere w={w} /> },
        {
          title: '档案',
          key: 'record',
          width: 80,
          render: (_, w) => <Link to={`/audit/archives/record?userId=${w.userId}`}>心理档案</Link>,
        },
      ]}
    />
  );
}
