import type { PartResult, ScaleBandResult } from '@psy/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { Alert, Divider, Tag, Typography } from 'antd';
import { formatDuration } from '../../../lib/format';
import { bandTone, scoreText, toneColors } from './format';
import { BarTrack } from '../../../components/bar-track';
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
            <BarTrack
              fill={{
                width: `${Math.max(2, (d.score / axis) * 100)}%`,
                ...(d.band ? { background: toneColors[bandTone(d.band.label)].bar } : {}),
              }}
            />
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

/** A scale's card title: its name and short name. */
export function PartTitle({ part }: { part: PartResult }) {
  return (
    <span>
      {part.scaleName}
      <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 8 }}>
        {part.shortName}
      </Typography.Text>
    </span>
  );
}

/** 总分 · 标准分 · 结果 (band or screen) · 用时, as both result cards open. */
export function ScoreRow({ part, standardName = '标准分' }: { part: PartResult; standardName?: string }) {
  return (
    <div className={styles.scoreRow}>
      <div>
        <div className={styles.scoreLabel}>总分</div>
        <div className={styles.score}>{scoreText(part.rawScore)}</div>
      </div>
      {part.standardScore !== null && (
        <div>
          <div className={styles.scoreLabel}>{standardName}</div>
          <div className={styles.score}>{scoreText(part.standardScore)}</div>
        </div>
      )}
      <div>
        <div className={styles.scoreLabel}>结果</div>
        <div className={styles.scoreAside}>
          {part.band ? (
            <BandTag label={part.band.label} />
          ) : (
            <Tag color={part.positive ? 'orange' : 'green'} className={styles.bandTag} variant="filled">
              {part.positive ? '筛查阳性' : '筛查阴性'}
            </Tag>
          )}
        </div>
      </div>
      {!!part.durationSeconds && (
        <div>
          <div className={styles.scoreLabel}>用时</div>
          <div className={styles.scoreAside}>{formatDuration(part.durationSeconds)}</div>
        </div>
      )}
    </div>
  );
}

/** A band's interpretation and advice, each when it has one. */
export function BandTexts({ band, style }: { band: ScaleBandResult; style?: CSSProperties }) {
  if (!band.interpretation && !band.advice) return null;
  return (
    <div style={style}>
      {band.interpretation && (
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          <strong>结果解读：</strong>
          {band.interpretation}
        </Typography.Paragraph>
      )}
      {band.advice && (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <strong>建议：</strong>
          {band.advice}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** A report card's title with its icon in the brand colour. */
export function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span>
      <span style={{ color: '#13a8a8', marginRight: 8 }}>{icon}</span>
      {children}
    </span>
  );
}

/** Notes a scale's rules add to its result (PHQ-15: 躯体化倾向明显…). */
export function PartNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        说明
      </Divider>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </>
  );
}
