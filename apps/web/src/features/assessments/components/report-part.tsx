import { RiseOutlined } from '@ant-design/icons';
import type { PartResult, ReportPart } from '@psy/contracts';
import { chartSizes, profileOption, scoreScaleOption, trendOption } from '@psy/report-charts';
import { Card, Divider, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../../components/echart';
import { formatDate } from '../../../lib/format';
import { AlertNotes, BandTexts, PartNotes, PartTitle, ScoreRow } from './score-parts';
import styles from './assessments.module.css';

const two = (n: number) => n.toFixed(2);

/**
 * One scale in the full report: the score on its band scale, interpretation and advice, the
 * dimension profile against its norm with each dimension explained, the trend over earlier
 * takes, and the answers that drove the result. The charts are the PDF's options.
 */
export function ReportPartCard({ part, detail }: { part: PartResult; detail: ReportPart }) {
  const scale = useMemo(() => (detail.scoreScale ? scoreScaleOption(detail.scoreScale) : null), [detail]);
  const profile = useMemo(() => profileOption(detail), [detail]);
  const trend = useMemo(
    () => trendOption(detail.trend, { date: formatDate, name: detail.scoreScale?.name ?? '总分' }),
    [detail],
  );
  const indexKeys = Object.keys(part.indices);

  return (
    <Card
      className={`${styles.flowCard} ${styles.reportPart}`}
      title={<PartTitle part={part} />}
      style={{ marginBottom: 16 }}
    >
      <ScoreRow part={part} standardName={detail.standard?.name} />
      {detail.standard && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 0' }}>
          {detail.standard.note}
        </Typography.Paragraph>
      )}

      {scale && (
        <div className={styles.chartBox} data-chart="score-scale">
          <EChart
            renderer="svg"
            option={scale}
            height={chartSizes.scoreScale.height}
            label={`${detail.scoreScale!.name} ${detail.scoreScale!.value}，${detail.scoreScale!.label ?? ''}`}
            testId="chart-score-scale"
          />
        </div>
      )}

      {detail.summary && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="part-summary">
          <strong>结果解读：</strong>
          {detail.summary}
        </Typography.Paragraph>
      )}

      {part.band && <BandTexts band={part.band} style={{ marginTop: 8 }} />}

      {part.alerts.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <AlertNotes alerts={part.alerts} />
        </div>
      )}

      {indexKeys.length > 0 && (
        <>
          <Divider titlePlacement="start" plain>
            指标
          </Divider>
          <dl className={styles.indices} style={{ margin: 0 }}>
            {indexKeys.map((k) => {
              const v = part.indices[k]!;
              const norm = detail.indexNorms[k];
              return (
                <div key={k} className={styles.index}>
                  <dt>{part.indexLabels[k] ?? k}</dt>
                  <dd>{Number.isInteger(v) ? v : two(v)}</dd>
                  {norm && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      常模 {two(norm.mean)}±{two(norm.sd)}
                    </Typography.Text>
                  )}
                </div>
              );
            })}
          </dl>
        </>
      )}

      {profile && (
        <>
          <Divider titlePlacement="start" plain>
            维度（因子）剖面
          </Divider>
          <div className={styles.chartBox} data-chart="profile">
            <EChart
              renderer="svg"
              option={profile}
              height={chartSizes.profile(detail.dimensions.length).height}
              label={detail.dimensions.map((d) => `${d.name} ${two(d.score)}`).join('，')}
              testId="chart-profile"
            />
          </div>
          {detail.normSource && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {detail.normSource}
            </Typography.Paragraph>
          )}
          <DimensionTable detail={detail} />
        </>
      )}

      <Divider titlePlacement="start" plain>
        与以往结果比较
      </Divider>
      {trend && detail.change ? (
        <>
          <div className={styles.chartBox} data-chart="trend">
            <EChart
              renderer="svg"
              option={trend}
              height={chartSizes.trend.height}
              label={detail.trend.map((p) => `${formatDate(p.submittedAt)} ${p.score}`).join('，')}
              testId="chart-trend"
            />
          </div>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            <RiseOutlined /> {detail.change.text}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          这是你第一次完成该量表，之后再测时会在这里与本次结果比较。
        </Typography.Paragraph>
      )}

      <Divider titlePlacement="start" plain>
        影响结果较多的回答
      </Divider>
      {detail.highItems.length ? (
        <ol className={styles.highItems}>
          {detail.highItems.map((it) => (
            <li key={it.number}>
              <span className={styles.highItemNo}>第 {it.number} 题</span>
              <span>{it.text}</span>
              <Tag variant="filled" color="orange" style={{ marginInlineEnd: 0 }}>
                {it.answer}
              </Tag>
              {it.dimension && <Typography.Text type="secondary">{it.dimension}</Typography.Text>}
            </li>
          ))}
        </ol>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          没有明显偏高的回答。
        </Typography.Paragraph>
      )}

      <PartNotes notes={part.notes} />
    </Card>
  );
}

/** Each dimension: score against the norm, level, and (expanded) what it means and what to do. */
function DimensionTable({ detail }: { detail: ReportPart }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={detail.dimensions}
      className={styles.dimensionTable}
      expandable={{
        expandedRowRender: (d) => (
          <div style={{ fontSize: 13 }}>
            {d.interpretation && <p style={{ margin: '0 0 4px' }}>{d.interpretation}</p>}
            {d.advice && (
              <p style={{ margin: 0 }}>
                <strong>建议：</strong>
                {d.advice}
              </p>
            )}
          </div>
        ),
        rowExpandable: (d) => !!(d.interpretation || d.advice),
        // Positive dimensions open by themselves: that is what the reader came for.
        defaultExpandedRowKeys: detail.dimensions.filter((d) => d.positive).map((d) => d.key),
      }}
      columns={[
        {
          title: '维度',
          dataIndex: 'name',
          render: (name: string, d) => (
            <span>
              {name}
              {d.positive && (
                <Tag color="volcano" variant="filled" style={{ marginLeft: 6 }}>
                  阳性
                </Tag>
              )}
            </span>
          ),
        },
        { title: '得分', dataIndex: 'score', align: 'right', render: (s: number) => two(s) },
        {
          title: '常模',
          key: 'norm',
          align: 'right',
          responsive: ['sm'],
          render: (_, d) => (d.norm ? `${two(d.norm.mean)}±${two(d.norm.sd)}` : '—'),
        },
        {
          title: '程度',
          dataIndex: 'level',
          render: (l: string) => <span style={{ whiteSpace: 'nowrap' }}>{l || '—'}</span>,
        },
      ]}
    />
  );
}
