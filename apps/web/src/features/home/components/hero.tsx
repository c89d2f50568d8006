import { Heading, Paragraph } from '../../../components/heading';
import { HOME_HERO } from '../../../lib/first-screens';
import styles from './home.module.css';

export function Hero({ stats }: { stats?: { institutions: number; experts: number; users: number } }) {
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        <Heading level={1} className={styles.heroTitle}>
          {HOME_HERO.title}
        </Heading>
        <Paragraph className={styles.heroText}>{HOME_HERO.text}</Paragraph>
        <dl className={styles.stats}>
          {HOME_HERO.stats.map((label, i) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{(stats && [stats.institutions, stats.experts, stats.users][i]) ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
