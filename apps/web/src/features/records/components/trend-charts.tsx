import type { RecordTrend } from '@psy/contracts';
import { Col, Empty, Row, Tag } from 'antd';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../components/echart';
import { formatDate, formatDateTime } from '../../../lib/format';
import styles from './records.module.css';

/** Dates on the axis; with the time too when two takes fall on one day. */
function axisLabels(t: RecordTrend): string[] {
  const days = t.points.map((p) => formatDate(p.at).slice(5));
  const sameDay = new Set(days).size < days.length;
  return sameDay ? t.points.map((p) => formatDateTime(p.at).slice(5)) : days;
}

function optionOf(t: RecordTrend): EChartOption {
  return {
    grid: { left: 36, right: 20, top: 24, bottom: 24 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { dataIndex: number }[]) => {
        const p = t.points[params[0]?.dataIndex ?? 0];
        return p
          ? `${formatDateTime(p.at)}<br/>${t.scoreLabel} ${p.score}${p.band ? ` · ${p.band}` : ''}`
          : '';
      },
    },
    xAxis: {
      type: 'category',
      data: axisLabels(t),
      axisLabel: { fontSize: 11, color: '#8c8c8c' },
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#e5e8ec' } },
    },
    yAxis: {
      type: 'value',
      scale: true,
      splitNumber: 3,
      minInterval: 1,
      axisLabel: { fontSize: 11, color: '#8c8c8c' },
      splitLine: { lineStyle: { color: '#f0f0f0' } },
    },
    series: [
      {
        type: 'line',
        data: t.points.map((p) => p.score),
        symbolSize: 7,
        smooth: false,
        lineStyle: { color: '#13a8a8', width: 2 },
        itemStyle: { color: '#13a8a8' },
        areaStyle: { color: 'rgba(19,168,168,0.08)' },
        label: { show: t.points.length <= 6, position: 'top', fontSize: 11, color: '#595959' },
      },
    ],
  };
}

function TrendCard({ t }: { t: RecordTrend }) {
  const option = useMemo(() => optionOf(t), [t]);
  const last = t.points.at(-1)!;
  const prev = t.points.at(-2);
  const delta = prev ? last.score - prev.score : null;
  return (
    <div className={styles.trend} data-testid="record-trend">
      <div className={styles.trendHead}>
        <strong>{t.shortName || t.scaleName}</strong>
        <span>
          最近 {t.scoreLabel} {last.score}
          {last.band && (
            <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }} color="cyan">
              {last.band}
            </Tag>
          )}
        </span>
      </div>
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
        {t.points.length} 次测评
        {delta !== null &&
          ` · 较上次${delta === 0 ? '持平' : delta > 0 ? `上升 ${delta}` : `下降 ${-delta}`}`}
      </div>
      <EChart option={option} height={150} label={`${t.scaleName}历次得分趋势`} />
    </div>
  );
}

/** One small line per scale the person took: how their score moved over time. */
export function TrendCharts({ trends }: { trends: RecordTrend[] }) {
  if (!trends.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有完成的测评，暂无得分趋势" />;
  return (
    <Row gutter={[12, 12]}>
      {trends.map((t) => (
        <Col key={t.scaleId} xs={24} md={12} xl={8}>
          <TrendCard t={t} />
        </Col>
      ))}
    </Row>
  );
}
