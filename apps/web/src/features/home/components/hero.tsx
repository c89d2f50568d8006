import { Typography } from 'antd';
import styles from './home.module.css';

export function Hero({ stats }: { stats?: { institutions: number; experts: number; users: number } }) {
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        <Typography.Title level={1} className={styles.heroTitle}>
          关注心理健康，从了解自己开始
        </Typography.Title>
        <Typography.Paragraph className={styles.heroText}>
          专业量表测评、系统心理课程、持证专家一对一咨询，陪你走过每一段情绪起伏。
        </Typography.Paragraph>
        <dl className={styles.stats}>
          <div>
            <dt>合作机构</dt>
            <dd>{stats?.institutions ?? '—'}</dd>
          </div>
          <div>
            <dt>入驻专家</dt>
            <dd>{stats?.experts ?? '—'}</dd>
          </div>
          <div>
            <dt>服务用户</dt>
            <dd>{stats?.users ?? '—'}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
