import type { CSSProperties } from 'react';
import styles from './bar-track.module.css';

/**
 * A score's bar (dimension scores of a report, in the workbench and for the person): a grey
 * track with a teal fill; `fill` sets its width and anything else of the fill's own.
 */
export function BarTrack({ fill }: { fill: CSSProperties }) {
  return (
    <div className={styles.track}>
      <div className={styles.fill} style={fill} />
    </div>
  );
}
