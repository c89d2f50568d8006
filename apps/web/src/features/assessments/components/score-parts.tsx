import type { PartResult } from '@psy/contracts';
import { Alert, Tag } from 'antd';
import { bandTone, scoreText, toneColors } from './format';
import styles from './assessments.module.css';

export function BandTag({ label }: { label: string }) {
  return (
    <Tag color={toneColors[bandTone(label)].tag} className={styles.bandTag} variant="filled">
      {label}
    </Tag>
  );
}

/**
 * Whether a part's scores carry decimals (SCL-90 factor means): then every such score shows
 * two, so 2 and 2.31 line up as 2.00 and 2.31.
 */
export function isPrecise(part: PartResult): boolean {
  return [...part.dimensions.map((d) => d.score), ...Object.values(part.indices)].some(
    (n) => !Number.isInteger(n),
  );
}

const fixed = (n: number, precise: boolean) => (precise ? n.toFixed(2) : scoreText(n));

/** Horizontal bars for dimension (factor) scores: plain CSS, readable at a glance and on phones. */
export function DimensionChart({
  dimensions,
  precise,
}: {
  dimensions: PartResult['dimensions'];
  precise: boolean;
}) {
  const top = Math.max(...dimensions.map((d) => d.score), 0);
  // Factor means (SCL-90: 1–5) read best against their own 0–5 axis; larger scores against their maximum.
  const axis = top <= 5 ? 5 : Math.ceil(top / 5) * 5;
  return (
    <figure style={{ margin: 0 }}>
      <div className={styles.bars} role="list">
        {dimensions.map((d) => (
          <div
            key={d.key}
            className={styles.bar}
            role="listitem"
            aria-label={`${d.name} ${fixed(d.score, precise)}`}
          >
            <span>{d.name}</span>
            <div className={styles.barTrack}>
              <div
                className={styles.barFill}
                style={{
                  width: `${Math.max(2, (d.score / axis) * 100)}%`,
                  ...(d.band ? { background: toneColors[bandTone(d.band.label)].bar } : {}),
                }}
              />
            </div>
            <span className={styles.barValue}>{fixed(d.score, precise)}</span>
          </div>
        ))}
      </div>
      <figcaption className={styles.hotlineNote} style={{ marginTop: 8 }}>
        条形长度按 0–{axis} 分显示
      </figcaption>
    </figure>
  );
}

export function Indices({ part }: { part: PartResult }) {
  const keys = Object.keys(part.indices);
  const precise = isPrecise(part);
  if (keys.length === 0) return null;
  return (
    <dl className={styles.indices} style={{ margin: 0 }}>
      {keys.map((k) => (
        <div key={k} className={styles.index}>
          <dt>{part.indexLabels[k] ?? k}</dt>
          {/* Means (…分) share the decimals; counts (…数) stay whole. */}
          <dd>{fixed(part.indices[k]!, precise && (part.indexLabels[k] ?? '').includes('分'))}</dd>
        </div>
      ))}
    </dl>
  );
}

// The reason comes first as the scale names it (自伤/自杀意念, 总分≥15 …), then what it means.
const alertWords: Record<1 | 2 | 3, string> = {
  3: '结果提示你近期可能有伤害自己的想法。请不要独自承受：页面上方的求助热线随时可以拨打，为你服务的专业人员也会关注并与你联系。',
  2: '本次结果提示你近期的困扰程度较高。这不是诊断，但值得认真对待，建议尽快和心理咨询师或医生聊一聊。',
  1: '结果中有需要留意的地方，建议持续关注自己的状态。',
};

/** Alerts explained in plain, gentle words. */
export function AlertNotes({ alerts }: { alerts: PartResult['alerts'] }) {
  if (alerts.length === 0) return null;
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {alerts.map((a, i) => (
        <Alert
          key={i}
          type={a.level >= 3 ? 'warning' : 'info'}
          showIcon
          title={
            <>
              <strong>{a.reason}</strong>：{alertWords[a.level]}
            </>
          }
        />
      ))}
    </div>
  );
}
