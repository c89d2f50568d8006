import { consultModeLabels, type Slot } from '@psy/contracts';
import type { Dayjs } from 'dayjs';
import { dayKey, shanghai } from '../../../lib/format';
import styles from './slot-picker.module.css';

interface Props {
  /** Beijing midnight of the first day shown. */
  start: Dayjs;
  days: number;
  slots: Slot[];
  selectedId: number | null;
  onSelect: (slot: Slot) => void;
}

/** Free slots as a calendar: one cell per day (Beijing dates), each with its bookable times. */
export function SlotPicker({ start, days, slots, selectedId, onSelect }: Props) {
  const byDay = new Map<string, Slot[]>();
  for (const s of slots) {
    const k = dayKey(s.startsAt);
    byDay.set(k, [...(byDay.get(k) ?? []), s]);
  }
  const today = dayKey(shanghai());
  const tomorrow = dayKey(shanghai().add(1, 'day'));
  return (
    <div className={styles.grid} role="list" aria-label="可预约时间">
      {Array.from({ length: days }, (_, i) => {
        const day = start.add(i, 'day');
        const k = day.format('YYYY-MM-DD');
        const list = byDay.get(k) ?? [];
        const name = k === today ? '今天' : k === tomorrow ? '明天' : day.format('ddd');
        return (
          <div key={k} className={list.length ? styles.day : `${styles.day} ${styles.empty}`} role="listitem">
            <div className={styles.dayHead}>
              <span className={styles.weekday}>{name}</span>
              <span className={styles.date}>{day.format('M/D')}</span>
            </div>
            {list.length === 0 ? (
              <div className={styles.none}>无</div>
            ) : (
              list.map((s) => {
                const time = shanghai(s.startsAt).format('HH:mm');
                const selected = s.id === selectedId;
                return (
                  <button
                    key={s.id}
                    type="button"
                    className={selected ? `${styles.slot} ${styles.selected}` : styles.slot}
                    aria-pressed={selected}
                    aria-label={`${day.format('M月D日')} ${time} ${consultModeLabels[s.mode]}`}
                    onClick={() => onSelect(s)}
                  >
                    <span className={styles.time}>{time}</span>
                    <span className={styles.mode}>{consultModeLabels[s.mode]}</span>
                  </button>
                );
              })
            )}
          </div>
        );
      })}
    </div>
  );
}
