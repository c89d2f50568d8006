import type { WarningLevel } from '@psy/contracts';
import { Alert, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, idParam, queryStates } from '../../../components/page-states';
import { WarningLevelTag } from '../../../components/status-tags';
import {
  reportUnits,
  useMyUnits,
  useOutcomes,
  useStaffCampaign,
  useStaffMembers,
  type CampaignStaffMember,
  type CampaignUnitProgress,
} from '../api/campaigns';
import {
  CampaignStatusTag,
  CampaignWindow,
  LiveNote,
  ProgressFigures,
  RemindButton,
  UnitMembersDrawer,
  UnitProgressTable,
} from '../components/campaign-progress';
import { OutcomeChart } from '../components/campaign-outcomes';
import { CampaignReportButton } from '../components/campaign-report';

/**
 * 筛查进度 (/org/campaign/detail?id=) for unit staff: their units' completion, who has not
 * finished, and each member's risk level — never answers or scores (the server sends none).
 */
export function Component() {
  const [search] = useSearchParams();
  const id = idParam(search);
  const q = useStaffCampaign(id);
  const navigate = useNavigate();
  const outcomes = useOutcomes('staff', id, q.data?.status === 'open');
  const [unit, setUnit] = useState<CampaignUnitProgress>();
  const myUnits = useMyUnits();
  const state = queryStates(q, {
    missing: !id,
    notFound: {
      title: '活动不存在或不涉及您负责的单位',
      back: { to: '/org/campaign/list', label: '返回我负责的筛查' },
    },
    failed: '活动加载失败',
    skeleton: <CardSkeleton rows={8} />,
  });
  const c = q.data;

  return (
    <div className="page-container">
      {state?.view ??
        (c && (
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <Card>
                <Typography.Title level={4} style={{ marginTop: 0 }}>
                  {c.title} <CampaignStatusTag status={c.status} />
                </Typography.Title>
                <Flex justify="space-between" align="center" gap={12} wrap>
                  <CampaignWindow opensAt={c.opensAt} closesAt={c.closesAt} />
                  <CampaignReportButton
                    scope="staff"
                    campaign={c}
                    units={reportUnits(c.units, myUnits.data)}
                  />
                </Flex>
              </Card>
            </Col>
            <Col span={24}>
              <Card
                title="我负责单位的完成情况"
                extra={<LiveNote live={c.status === 'open'} updatedAt={q.dataUpdatedAt} />}
              >
                <ProgressFigures p={c.progress} />
                {c.status === 'open' && <RemindButton c={c} scope="staff" style={{ marginTop: 16 }} />}
              </Card>
            </Col>
            <Col span={24}>
              <Card title="各单位" styles={{ body: { paddingTop: 8 } }}>
                <UnitProgressTable units={c.units} action="成员" onPick={setUnit} />
              </Card>
            </Col>
            <Col span={24}>
              <Card
                title="预警与处置"
                extra={
                  <Button type="link" onClick={() => navigate('/org/warning/list')}>
                    需要联系的成员
                  </Button>
                }
              >
                {outcomes.data ? <OutcomeChart figures={outcomes.data.total} /> : <CardSkeleton rows={3} />}
              </Card>
            </Col>
          </Row>
        ))}
      <MembersDrawer campaignId={id} unit={unit} onClose={() => setUnit(undefined)} />
    </div>
  );
}

function MembersDrawer({
  campaignId,
  unit,
  onClose,
}: {
  campaignId: number;
  unit: CampaignUnitProgress | undefined;
  onClose: () => void;
}) {
  const q = useStaffMembers(campaignId, unit?.unitId);
  return (
    <UnitMembersDrawer<CampaignStaffMember>
      open={!!unit}
      onClose={onClose}
      title={unit ? `成员 · ${unit.unitName}` : ''}
      query={q}
      empty="该单位没有成员"
      note={
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="需要关注的成员请尽快联系；作答内容与分数只有心理中心的老师可以查看。"
        />
      }
      more={[
        {
          title: '需要关注',
          dataIndex: 'riskLevel',
          sorter: (a, b) => (a.riskLevel ?? 0) - (b.riskLevel ?? 0),
          defaultSortOrder: 'descend',
          render: (l: number | null) => (l ? <WarningLevelTag level={l as WarningLevel} /> : '—'),
        },
      ]}
    />
  );
}
