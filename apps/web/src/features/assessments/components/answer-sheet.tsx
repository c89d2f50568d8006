import type { TakingPart } from '@psy/contracts';
import styles from './assessments.module.css';

/** Every question as a numbered dot: which are answered, which is open, and a way to jump. */
export function AnswerSheet({
  part,
  current,
  onJump,
}: {
  part: TakingPart;
  current: number;
  onJump: (i: number) => void;
}) {
  return (
    <div className={styles.sheet}>
      {part.items.map((item, i) => {
        const done = part.answers[String(item.number)] != null;
        return (
          <button
            key={item.number}
            type="button"
            className={`${styles.sheetItem} ${done ? styles.sheetDone : ''} ${i === current ? styles.sheetCurrent : ''}`}
            aria-label={`第 ${i + 1} 题${done ? '（已答）' : '（未答）'}`}
            aria-current={i === current ? 'step' : undefined}
            onClick={() => onJump(i)}
          >
            {i + 1}
          </button>
        );
      })}
    </div>
  );
}
