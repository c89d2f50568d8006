import { LockOutlined } from '@ant-design/icons';
import type { PartResult } from '@psy/contracts';
import { Card, Divider } from 'antd';
import {
  AlertNotes,
  BandTexts,
  DimensionChart,
  Indices,
  isPrecise,
  PartNotes,
  PartTitle,
  ScoreRow,
} from './score-parts';
import styles from './assessments.module.css';

/**
 * One scale's result. `full` adds the band's interpretation and advice (the paid report);
 * without it, the card says what unlocking adds instead of leaving a gap.
 */
export function PartResultCard({ part, full }: { part: PartResult; full: boolean }) {
  const bandText = part.band?.interpretation || part.band?.advice;
  return (
    <Card className={styles.flowCard} title={<PartTitle part={part} />} style={{ marginBottom: 16 }}>
      <ScoreRow part={part} />

      {part.band &&
        (full && bandText ? (
          <BandTexts band={part.band} style={{ marginTop: 16 }} />
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

      <PartNotes notes={part.notes} />
    </Card>
  );
}
