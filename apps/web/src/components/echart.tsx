import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import type { EChartsOption } from 'echarts';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the report's charts use; SVG, like the PDF's, so print is sharp.
echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  SVGRenderer,
]);

/**
 * One ECharts chart from an option built elsewhere (the report's options come from
 * @psy/report-charts, the same the PDF draws). Follows its container's width.
 */
export function EChart({
  option,
  height,
  label,
  testId,
}: {
  option: EChartsOption;
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = echarts.init(el, null, { renderer: 'svg' });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div ref={ref} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />
  );
}
