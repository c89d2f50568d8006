import { ArrowRightOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { topUnits, useMyCampaigns, useMyUnits, useStartCampaign, type MyCampaign } from '../api/campaigns';
import { MemberStateTag } from './campaign-progress';

/**
 * What the personal centre shows of screening campaigns: 我的筛查 for a member of a targeted
 * unit, 我负责的筛查 for unit staff; nothing for everyone else.
 */
export function CampaignCards({
  continuePath,
  resultPath,
}: {
  /** Where an assessment goes on (the taking flow decides the exact step). */
  continuePath: (assessmentId: number) => string;
  resultPath: (assessmentId: number) => string;
}) {
  const mine = useMyCampaigns();
  const units = useMyUnits();
  const navigate = useNavigate();
  if (!mine.data?.length && !units.data?.length) return null;
  return (
    <Flex vertical gap={16}>
      {!!mine.data?.length && (
        <MyCampaigns list={mine.data} continuePath={continuePath} resultPath={resultPath} />
      )}
      {!!units.data?.length && (
        <Card
          title={
            <span>
              <TeamOutlined /> 我负责的筛查
            </span>
          }
        >
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Typography.Text type="secondary">
              您是{' '}
              {topUnits(units.data)
                .map((u) => u.name)
                .join('、')}{' '}
              的负责人，可以查看这些单位的筛查完成情况、提醒未完成的成员，并在时限内联系需要关注的成员。
            </Typography.Text>
            <Flex gap={8} wrap>
              <Button onClick={() => navigate('/org/warning/list')}>需要联系的成员</Button>
              <Button
                type="primary"
                ghost
                icon={<ArrowRightOutlined />}
                onClick={() => navigate('/org/campaign/list')}
              >
                查看完成情况
              </Button>
            </Flex>
          </Flex>
        </Card>
      )}
    </Flex>
  );
}

function MyCampaigns({
  list,
  continuePath,
  resultPath,
}: {
  list: MyCampaign[];
  continuePath: (assessmentId: number) => string;
  resultPath: (assessmentId: number) => string;
}) {
  const navigate = useNavigate();
  const start = useStartCampaign();
  const [consenting, setConsenting] = useState<MyCampaign>();
  const [agreed, setAgreed] = useState(false);

  const go = (c: MyCampaign) =>
    start.mutate(c.id, {
      onSuccess: (r) => {
        setConsenting(undefined);
        navigate(continuePath(r.assessmentId));
      },
    });

  const action = (c: MyCampaign) => {
    if (c.state === 'completed')
      return c.showResultToMember && c.assessmentId ? (
        <Button onClick={() => navigate(resultPath(c.assessmentId!))}>查看结果</Button>
      ) : (
        <Typography.Text type="secondary">已提交，结果由心理中心老师查看</Typography.Text>
      );
    if (c.state === 'started')
      return (
        <Button type="primary" loading={start.isPending && start.variables === c.id} onClick={() => go(c)}>
          继续作答
        </Button>
      );
    return (
      <Button
        type="primary"
        onClick={() => {
          setAgreed(false);
          setConsenting(c);
        }}
      >
        开始筛查
      </Button>
    );
  };

  return (
    <Card
      title={
        <span>
          <SafetyCertificateOutlined /> 我的筛查
        </span>
      }
    >
      <List
        dataSource={list}
        renderItem={(c) => (
          <List.Item extra={action(c)} style={{ flexWrap: 'wrap', gap: 8 }}>
            <List.Item.Meta
              title={
                <span>
                  {c.title} <MemberStateTag state={c.state} />
                </span>
              }
              description={`请在 ${formatDateTime(c.closesAt)} 前完成`}
            />
          </List.Item>
        )}
      />
      <Modal
        open={!!consenting}
        title={consenting ? `知情同意 · ${consenting.title}` : ''}
        okText="同意并开始"
        cancelText="取消"
        okButtonProps={{ disabled: !agreed }}
        confirmLoading={start.isPending}
        onOk={() => consenting && go(consenting)}
        onCancel={() => setConsenting(undefined)}
      >
        <Typography.Paragraph
          style={{
            whiteSpace: 'pre-wrap',
            maxHeight: '50vh',
            overflowY: 'auto',
            background: '#fafafa',
            padding: 12,
          }}
        >
          {consenting?.consentText}
        </Typography.Paragraph>
        {consenting && !consenting.showResultToMember && (
          <Typography.Paragraph type="secondary">
            本次筛查的结果由心理中心老师查看，提交后您不会看到分数。
          </Typography.Paragraph>
        )}
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
          我已阅读并同意以上内容
        </Checkbox>
      </Modal>
    </Card>
  );
}
