import { ClockCircleOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import type { ActivitySummary, PlanSummary, ScaleSummary } from '@psy/contracts';
import { Flex, Tag } from 'antd';
import { LinkCard } from '../../../components/link-card';
import { formatDateTime } from '../../../lib/format';
import { colorOf } from '../../../components/letter-avatar';
import { reportPriceText } from './format';
import styles from './assessments.module.css';

function Facts(props: { items: number; minutes: number; taken: number; takenLabel?: string }) {
  const { items, minutes, taken, takenLabel = '人测过' } = props;
  return (
    <Flex gap={12} wrap className={styles.facts}>
      <span>
        <FileTextOutlined /> {items} 题
      </span>
      <span>
        <ClockCircleOutlined /> 约 {minutes} 分钟
      </span>
      <span>
        <TeamOutlined /> {taken} {takenLabel}
      </span>
    </Flex>
  );
}

function PriceLine({ priceFen }: { priceFen: number }) {
  return (
    <Flex justify="space-between" align="center" className={styles.priceLine}>
      <Tag color="cyan" variant="filled" style={{ marginInlineEnd: 0 }}>
        免费测评
      </Tag>
      <span className={priceFen > 0 ? styles.price : styles.priceFree}>{reportPriceText(priceFen)}</span>
    </Flex>
  );
}

export function ScaleCard({ scale }: { scale: ScaleSummary }) {
  return (
    <LinkCard
      to={`/test/detail?id=${scale.id}`}
      label={scale.name}
      body={{ padding: 18 }}
      className={styles.card}
    >
      <Flex gap={12} align="center">
        <span className={styles.badge} style={{ background: colorOf(scale.id) }}>
          {scale.shortName}
        </span>
        <div style={{ minWidth: 0 }}>
          <strong className={`${styles.cardTitle} text-ellipsis`}>{scale.name}</strong>
          <div>
            <Tag variant="filled" style={{ marginTop: 4 }}>
              {scale.category}
            </Tag>
          </div>
        </div>
      </Flex>
      <p className={`${styles.intro} text-secondary text-clamp-2`}>{scale.intro}</p>
      <Facts items={scale.itemCount} minutes={scale.estimatedMinutes} taken={scale.takenCount} />
      <PriceLine priceFen={scale.priceFen} />
    </LinkCard>
  );
}

export function PlanCard({ plan }: { plan: PlanSummary }) {
  return (
    <LinkCard
      to={`/combit/guading?id=${plan.id}`}
      label={plan.title}
      body={{ padding: 18 }}
      className={styles.card}
    >
      <strong className={styles.cardTitle}>{plan.title}</strong>
      <Flex gap={4} wrap style={{ margin: '8px 0 4px' }}>
        {plan.scales.map((s) => (
          <Tag key={s.id} color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
            {s.shortName}
          </Tag>
        ))}
      </Flex>
      <p className={`${styles.intro} text-secondary text-clamp-2`}>{plan.intro}</p>
      <Facts
        items={plan.itemCount}
        minutes={plan.estimatedMinutes}
        taken={plan.takenCount}
        takenLabel="人完成"
      />
      <PriceLine priceFen={plan.priceFen} />
    </LinkCard>
  );
}

export const phaseLabels: Record<ActivitySummary['phase'], { text: string; color: string }> = {
  upcoming: { text: '未开始', color: 'blue' },
  ongoing: { text: '进行中', color: 'green' },
  ended: { text: '已结束', color: 'default' },
};

export function ActivityCard({ activity }: { activity: ActivitySummary }) {
  const phase = phaseLabels[activity.phase];
  return (
    <LinkCard
      to={`/activity/detail?id=${activity.id}`}
      label={activity.title}
      body={{ padding: 18 }}
      className={styles.card}
    >
      <Flex justify="space-between" gap={8} align="flex-start">
        <strong className={styles.cardTitle}>{activity.title}</strong>
        <Tag color={phase.color} style={{ marginInlineEnd: 0, flex: 'none' }}>
          {phase.text}
        </Tag>
      </Flex>
      <p className={`${styles.intro} text-secondary text-clamp-2`}>{activity.intro}</p>
      <div className={styles.activityMeta}>
        <div>
          测评内容：{activity.target.kind === 'plan' ? '方案' : '量表'} · {activity.target.name}
        </div>
        <div>
          活动时间：{formatDateTime(activity.startsAt)} 至 {formatDateTime(activity.endsAt)}
        </div>
        {activity.institution && <div>主办机构：{activity.institution}</div>}
        <div>已有 {activity.participantCount} 人参加</div>
      </div>
    </LinkCard>
  );
}
