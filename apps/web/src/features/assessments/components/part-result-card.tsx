import { LockOutlined } from '@ant-design/icons';
import type { PartResult } from '@psy/contracts';
import { Card, Divider, Tag, Typography } from 'antd';
import { formatDuration } from '../../../lib/format';
import { scoreText } from './format';
import { AlertNotes, BandTag, DimensionChart, Indices, isPrecise } from './score-parts';
import styles from './assessments.module.css';

/**
 * One scale's result. `full` adds the band's interpretation and advice (the paid report);
 * without it, the card says what unlocking adds instead of leaving a gap.
 */
export function PartResultCard({ part, full }: { part: PartResult; full: boolean }) {
  const bandText = part.band?.interpretation || part.band?.advice;
  return (
    <Card
      className={styles.flowCard}
      title={
        <span>
          {part.scaleName}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 8 }}>
            {part.shortName}
          </Typography.Text>
        </span>
      }
      style={{ marginBottom: 16 }}
    >
      <div className={styles.scoreRow}>
        <div>
          <div className={styles.scoreLabel}>总分</div>
          <div className={styles.score}>{scoreText(part.rawScore)}</div>
        </div>
        {part.standardScore !== null && (
          <div>
            <div className={styles.scoreLabel}>标准分</div>
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

      {part.band &&
        (full && bandText ? (
          <div style={{ marginTop: 16 }}>
            {part.band.interpretation && (
              <Typography.Paragraph style={{ marginBottom: 8 }}>
                <strong>结果解读：</strong>
                {part.band.interpretation}
              </Typography.Paragraph>
            )}
            {part.band.advice && (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                <strong>建议：</strong>
                {part.band.advice}
              </Typography.Paragraph>
            )}
          </div>
        ) : !full ? (
          <div className={styles.locked} style={{ marginTop: 16 }}>
            <LockOutlined /> “{part.band.label}”意味着什么、接下来可以怎么做——结果解读与建议包含在完整报告中。
          </div>
        ) : null)}

      {part.alerts.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <AlertNotes alerts={part.alerts} />
        </div>
      )}

      {part.dimensions.length > 0 && (
        <>
          <Divider titlePlacement="start" plain>
            因子得分
          </Divider>
          <DimensionChart dimensions={part.dimensions} precise={isPrecise(part)} />
        </>
      )}

      {Object.keys(part.indices).length > 0 && (
        <>
          <Divider titlePlacement="start" plain>
            指标
          </Divider>
          <Indices part={part} />
        </>
      )}

      {part.notes.length > 0 && (
        <>
          <Divider titlePlacement="start" plain>
            说明
          </Divider>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {part.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
