import { ClockCircleOutlined } from '@ant-design/icons';
import type { ExpertCard as Expert } from '@psy/contracts';
import { consultModeLabels } from '@psy/contracts/constants';
import { Flex, Tag } from 'antd';
import { Heading } from '../../../components/heading';
import { LinkCard } from '../../../components/link-card';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { ExpertRating } from './expert-rating';
import styles from './experts.module.css';
import { monthDayTime, yuan } from '../../../lib/format';

/** One expert on the list, the home page and an institution's page; the whole card opens the detail. */
export function ExpertCard({
  expert,
  compact = false,
  hideInstitution = false,
}: {
  expert: Expert;
  compact?: boolean;
  /** On the institution's own page the name would only repeat the heading. */
  hideInstitution?: boolean;
}) {
  return (
    <LinkCard
      to={`/experts/detail?id=${expert.id}`}
      label={`${expert.name} ${expert.title}`}
      body={{ padding: compact ? 16 : 20, height: '100%' }}
    >
      <Flex vertical gap={12} style={{ height: '100%' }}>
        <Flex gap={14} align="center">
          <ExpertAvatar expert={expert} size={compact ? 56 : 64} />
          <div style={{ minWidth: 0 }}>
            <Heading level={5} style={{ margin: 0 }}>
              {expert.name}
            </Heading>
            <div className="text-secondary text-ellipsis">{expert.title}</div>
            <div className={styles.meta}>
              <ExpertRating rating={expert.rating} count={expert.ratingCount} />
              <span>从业 {expert.yearsOfPractice} 年</span>
            </div>
          </div>
        </Flex>
        <div className={styles.tags}>
          {expert.specialties.slice(0, compact ? 3 : 6).map((s) => (
            <Tag key={s} color="cyan" variant="filled">
              {s}
            </Tag>
          ))}
        </div>
        {!compact && !hideInstitution && expert.institution && (
          <div className="text-secondary text-ellipsis">{expert.institution.name}</div>
        )}
        {/* Compact cards (four abreast) put the modes under the price, so they line up whatever fits. */}
        <Flex
          justify="space-between"
          align={compact ? 'flex-start' : 'flex-end'}
          vertical={compact}
          gap={8}
          wrap
          style={{ marginTop: 'auto' }}
        >
          <div>
            <span className={styles.price}>{yuan(expert.priceFen)}</span>
            <span className="text-secondary"> / 次 · {expert.sessionMinutes} 分钟</span>
          </div>
          <span>
            {expert.modes.map((m) => (
              <Tag key={m} color={m === 'online' ? 'blue' : 'gold'} style={{ marginInlineEnd: 4 }}>
                {consultModeLabels[m]}
              </Tag>
            ))}
          </span>
        </Flex>
        <div className={expert.nextSlotAt ? styles.nextSlot : styles.noSlot}>
          <ClockCircleOutlined />{' '}
          {expert.nextSlotAt ? `最近可约 ${monthDayTime(expert.nextSlotAt)}` : '近期暂无可约时段'}
        </div>
      </Flex>
    </LinkCard>
  );
}
