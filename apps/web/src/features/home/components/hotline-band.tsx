import { PhoneOutlined } from '@ant-design/icons';
import type { HomeOverview } from '@psy/contracts';
import styles from './home.module.css';

export function HotlineBand({ hotlines }: { hotlines: HomeOverview['hotlines'] }) {
  return (
    <section className={styles.hotlines} aria-label="心理危机求助">
      <div className={styles.hotlineTitle}>如果你正处于困境或危机中，请立即寻求帮助</div>
      <div className={styles.hotlineList}>
        {hotlines.map((h) => (
          <a key={h.number} href={`tel:${h.number}`} className={styles.hotline}>
            <PhoneOutlined /> <strong>{h.number}</strong>
            <span>
              {h.name} · {h.note}
            </span>
          </a>
        ))}
      </div>
    </section>
  );
}
