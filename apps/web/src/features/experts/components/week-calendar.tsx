import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import {
  bookingStatusLabels,
  consultModeLabels,
  type BookingStatus,
  type ConsultMode,
  type ExpertSlot,
} from '@psy/contracts';
import { Button, Flex, Popconfirm, Skeleton, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMySlots, useSetSlotOpen } from '../api/my-availability';
import { AddSlotModal } from './add-slot-modal';
import { dayKey, shanghai } from '../../../lib/format';
import styles from './week-calendar.module.css';
import { LoadFailed } from '../../../components/page-states';

type Tone = 'open' | 'closed' | 'booked' | 'pending' | 'done' | 'past';

function toneOf(s: ExpertSlot, past: boolean): Tone {
  if (s.booking) {
    if (s.booking.status === 'pending_payment') return 'pending';
    if (s.booking.status === 'confirmed') return 'booked';
    return 'done';
  }
  if (past) return 'past';
  return s.status === 'open' ? 'open' : 'closed';
}

const toneLabel: Record<Tone, string> = {
  open: '可预约',
  closed: '已关闭',
  booked: '已预约',
  pending: '待支付',
  done: '已结束',
  past: '已过期',
};

/**
 * Seven days of the expert's slots (Beijing dates) with their state, starting today so the
 * first view is always the days ahead; a slot without a booking can be closed or reopened,
 * a day can get a one-off slot.
 */
export function WeekCalendar({
  defaultMinutes,
  modes,
  canPublish,
}: {
  defaultMinutes: number;
  modes: ConsultMode[];
  canPublish: boolean;
}) {
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState<{ date: Dayjs | null } | null>(null);
  const start = shanghai()
    .startOf('day')
    .add(offset * 7, 'day');
  const { data, isPending, isError, refetch, isFetching } = useMySlots(
    start.format(),
    start.add(7, 'day').format(),
  );
  const toggle = useSetSlotOpen();
  const now = shanghai();
  const today = dayKey(now);

  const byDay = new Map<string, ExpertSlot[]>();
  for (const s of data ?? []) {
    const k = dayKey(s.startsAt);
    byDay.set(k, [...(byDay.get(k) ?? []), s]);
  }

  return (
    <div>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Space wrap>
          <Button icon={<LeftOutlined />} onClick={() => setOffset((o) => o - 1)} aria-label="前7天" />
          <Button onClick={() => setOffset(0)} disabled={offset === 0}>
            今天
          </Button>
          <Button icon={<RightOutlined />} onClick={() => setOffset((o) => o + 1)} aria-label="后7天" />
          <Typography.Text strong style={{ fontSize: 16 }}>
            {start.format('YYYY年M月D日')} – {start.add(6, 'day').format('M月D日')}
          </Typography.Text>
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!canPublish}
          onClick={() => setAdding({ date: null })}
        >
          发布单次时段
        </Button>
      </Flex>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : isError ? (
        <LoadFailed title="时段加载失败" onRetry={() => void refetch()} />
      ) : (
        <div className={styles.week} style={{ opacity: isFetching ? 0.7 : 1 }} aria-label="时段日历">
          {Array.from({ length: 7 }, (_, i) => {
            const day = start.add(i, 'day');
            const k = day.format('YYYY-MM-DD');
            const list = byDay.get(k) ?? [];
            const isPastDay = k < today;
            return (
              <section
                key={k}
                className={k === today ? `${styles.day} ${styles.today}` : styles.day}
                aria-label={day.format('M月D日 dddd')}
              >
                <header className={styles.dayHead}>
                  <span className={styles.weekday}>{k === today ? '今天' : day.format('ddd')}</span>
                  <span className={styles.date}>{day.format('M/D')}</span>
                </header>
                <div className={styles.slots}>
                  {list.length === 0 && <div className={styles.none}>无时段</div>}
                  {list.map((s) => {
                    const past = !shanghai(s.startsAt).isAfter(now);
                    const tone = toneOf(s, past);
                    return (
                      <div
                        key={s.id}
                        className={`${styles.slot} ${styles[tone]}`}
                        data-testid={`slot-${s.id}`}
                      >
                        <div className={styles.slotTime}>
                          {shanghai(s.startsAt).format('HH:mm')}–{shanghai(s.endsAt).format('HH:mm')}
                        </div>
                        <div className={styles.slotMeta}>
                          {consultModeLabels[s.mode]} · {s.source === 'manual' ? '单次' : '每周'}
                        </div>
                        <div className={styles.slotState}>
                          {s.booking ? (
                            <Link to={`/expert/mybooking/detail?id=${s.booking.id}`}>
                              {tone === 'booked'
                                ? '已预约'
                                : (bookingStatusLabels[s.booking.status as BookingStatus] ??
                                  toneLabel[tone])}{' '}
                              · {s.booking.userName}
                            </Link>
                          ) : (
                            toneLabel[tone]
                          )}
                        </div>
                        {!past && !s.booking && (
                          <Popconfirm
                            title={s.status === 'open' ? '关闭这个时段？' : '重新开放这个时段？'}
                            description={
                              s.status === 'open' ? '关闭后来访者将无法预约' : '开放后来访者即可预约'
                            }
                            okText={s.status === 'open' ? '关闭' : '开放'}
                            cancelText="取消"
                            onConfirm={() => toggle.mutateAsync({ id: s.id, open: s.status !== 'open' })}
                          >
                            <Button size="small" type="link" className={styles.slotAction}>
                              {s.status === 'open' ? '关闭' : '重新开放'}
                            </Button>
                          </Popconfirm>
                        )}
                      </div>
                    );
                  })}
                </div>
                {!isPastDay && canPublish && (
                  <Button
                    size="small"
                    type="dashed"
                    block
                    icon={<PlusOutlined />}
                    onClick={() => setAdding({ date: day })}
                    aria-label={`在${day.format('M月D日')}添加时段`}
                  >
                    添加
                  </Button>
                )}
              </section>
            );
          })}
        </div>
      )}
      <Flex gap={16} wrap className={styles.legend}>
        {(['open', 'pending', 'booked', 'closed', 'done'] as const).map((t) => (
          <span key={t}>
            <i className={`${styles.swatch} ${styles[t]}`} /> {toneLabel[t]}
          </span>
        ))}
        <Typography.Text type="secondary">时间均为北京时间</Typography.Text>
      </Flex>
      <AddSlotModal
        open={!!adding}
        date={adding?.date ?? null}
        defaultMinutes={defaultMinutes}
        modes={modes}
        onClose={() => setAdding(null)}
      />
    </div>
  );
}
