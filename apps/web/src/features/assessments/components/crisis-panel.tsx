import { HeartFilled, PhoneFilled } from '@ant-design/icons';
import type { AssessmentResult } from '@psy/contracts';
import { Link } from 'react-router';
import { routeExists } from '../../../lib/route-exists';
import styles from './assessments.module.css';

/**
 * Shown first, at once, when an answer asks for it (brief section 6). Warm rather than
 * alarming: someone who just said they think of hurting themselves needs a way to talk to a
 * person now, not a wall of red.
 */
export function CrisisPanel({ hotlines }: { hotlines: AssessmentResult['hotlines'] }) {
  const canBook = routeExists('/app/expert');
  return (
    <section className={styles.crisis} aria-labelledby="crisis-title" role="region">
      <div className={styles.crisisTitle} id="crisis-title">
        <HeartFilled style={{ color: '#fa8c16' }} /> 你并不孤单，我们一直都在
      </div>
      <p className={styles.crisisText}>
        你的回答中提到了伤害自己或不想活下去的念头。谢谢你如实作答，这份坦诚很重要。这些感受是可以被倾听、被帮助的——现在就可以和专业的人聊一聊，下面的电话都有人接听，而且保密。
      </p>
      <div className={styles.hotlines}>
        {hotlines.map((h) => (
          <a
            key={h.number}
            href={`tel:${h.number}`}
            className={styles.hotline}
            aria-label={`拨打${h.name} ${h.number}`}
          >
            <span className={styles.hotlineIcon} aria-hidden>
              <PhoneFilled />
            </span>
            <span>
              <div className={styles.hotlineNumber}>{h.number}</div>
              <div>{h.name}</div>
              <div className={styles.hotlineNote}>{h.note}</div>
            </span>
          </a>
        ))}
      </div>
      <p className={styles.crisisText} style={{ margin: '16px 0 0' }}>
        如果你此刻有伤害自己的打算，请立即拨打 120 或 110，或请身边信任的人陪在你身边。
        {canBook && (
          <>
            {' '}
            也可以 <Link to="/app/expert">预约一位心理咨询师</Link>，慢慢聊聊最近的感受。
          </>
        )}
      </p>
    </section>
  );
}
