import { CalendarOutlined, TeamOutlined } from '@ant-design/icons';
import type { ActivityDetail } from '@psy/contracts';
import { Breadcrumb, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useActivityDetail } from '../api/catalog';
import { phaseLabels } from './cards';
import styles from './assessments.module.css';
import { missingOrFailed } from './states';

/** The activity's card, shared by its detail and sign-up pages; `action` is what each offers. */
export function ActivityFrame({
  id,
  children: action,
}: {
  id: number;
  children: (a: ActivityDetail) => ReactNode;
}) {
  const query = useActivityDetail(id);
  const a = query.data;
  const state = missingOrFailed(query, id, {
    title: '活动不存在',
    back: { to: '/activity/list', label: '看看其他活动' },
    failed: '活动加载失败',
  });
  if (state) return state;
  return (
    <div className={styles.flow}>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[{ title: <Link to="/activity/list">活动量表</Link> }, { title: a?.title ?? '活动详情' }]}
      />
      <Card className={styles.flowCard}>
        {!a ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            <Tag color={phaseLabels[a.phase].color}>{phaseLabels[a.phase].text}</Tag>
            <Typography.Title level={3} style={{ marginTop: 8 }}>
              {a.title}
            </Typography.Title>
            <Typography.Paragraph className={styles.prose}>{a.intro}</Typography.Paragraph>
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'time',
                  label: (
                    <span>
                      <CalendarOutlined /> 活动时间
                    </span>
                  ),
                  children: `${formatDateTime(a.startsAt)} 至 ${formatDateTime(a.endsAt)}`,
                },
                {
                  key: 'target',
                  label: '测评内容',
                  children:
                    a.target.kind === 'plan' ? (
                      <Link to={`/combit/guading?id=${a.target.id}`}>测评方案 · {a.target.name}</Link>
                    ) : (
                      <Link to={`/test/detail?id=${a.target.id}`}>量表 · {a.target.name}</Link>
                    ),
                },
                ...(a.institution ? [{ key: 'inst', label: '主办机构', children: a.institution }] : []),
                {
                  key: 'n',
                  label: (
                    <span>
                      <TeamOutlined /> 参加人数
                    </span>
                  ),
                  children: `${a.participantCount} 人`,
                },
                ...(a.formFields.length > 0
                  ? [{ key: 'f', label: '需填写', children: a.formFields.map((f) => f.label).join('、') }]
                  : []),
              ]}
            />
            <div className={styles.actions}>{action(a)}</div>
          </>
        )}
      </Card>
    </div>
  );
}
