import styles from './demo.module.css';

interface Day {
  id: number;
  num: number;
  /** yyyymmdd */
  time: string;
}

const label = (time: string) => `${time.slice(4, 6)}-${time.slice(6, 8)}`;

/**
 * The home dashboard's seven-day chart: plain CSS bars, so the console needs no chart
 * library (apps/web has none) and fits any width. Today's bar is the last, in orange.
 */
export function SevenDayChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.num));
  const summary = days.map((d) => `${label(d.time)} ${d.num}`).join('，');
  return (
    <div className={styles.chart} role="img" aria-label={`近七日访问量：${summary}`}>
      {days.map((d, i) => (
        <div key={d.id} className={styles.column} title={`${label(d.time)}：${d.num}`}>
          <span className={styles.value}>{d.num}</span>
          <div
            className={`${styles.bar} ${i === days.length - 1 ? styles.barToday : ''}`}
            style={{ height: `${(d.num / max) * 80}%` }}
          />
          <span className={styles.day}>{i === days.length - 1 ? '今天' : label(d.time)}</span>
        </div>
      ))}
    </div>
  );
}
