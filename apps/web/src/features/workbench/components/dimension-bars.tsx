import { Tag } from 'antd';
import { BarTrack } from '../../../components/bar-track';
import styles from './workbench.module.css';

interface Bar {
  key: string;
  name: string;
  score: number;
  band?: { label: string } | null;
}

/**
 * Dimension scores as bars. A definition does not state each dimension's range, so the bars
 * are relative to the highest score shown; the number beside each bar is the real score.
 */
export function DimensionBars({ dimensions }: { dimensions: Bar[] }) {
  const top = Math.max(...dimensions.map((d) => Math.abs(d.score)), 0);
  return (
    <div className={styles.bars} role="list" aria-label="维度得分">
      {dimensions.map((d) => (
        <div key={d.key} className={styles.barRow} role="listitem">
          <span className={styles.barName} title={d.name}>
            {d.name}
          </span>
          <BarTrack fill={{ width: `${top > 0 ? (Math.abs(d.score) / top) * 100 : 0}%`, minWidth: 2 }} />
          <span className={styles.barValue}>
            {d.score}
            {d.band && (
              <Tag style={{ marginLeft: 6, marginInlineEnd: 0 }} color="cyan">
                {d.band.label}
              </Tag>
            )}
          </span>
        </div>
      ))}
    </div>
  );
}
