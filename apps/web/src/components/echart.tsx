import { BarChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { useEffect, useImperativeHandle, useRef, type CSSProperties, type Ref } from 'react';

// Only what the statistics pages and the report draw: this module is imported by lazy pages
// alone, so none of ECharts reaches the main bundle.
echarts.use([
  BarChart,
  LineChart,
  MapChart,
  PieChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  LabelLayout,
  CanvasRenderer,
  SVGRenderer,
]);

export type EChartOption = echarts.EChartsCoreOption;

/** Registers a GeoJSON map under `name` for `series: [{ type: 'map', map: name }]`. */
export function registerMap(name: string, geoJson: object): void {
  if (!echarts.getMap(name)) echarts.registerMap(name, geoJson as Parameters<typeof echarts.registerMap>[1]);
}

export interface EChartHandle {
  /** The chart as a PNG data URL (for downloads), on `background`. */
  toPng(background?: string): string | null;
}

interface Props {
  option: EChartOption;
  style?: CSSProperties;
  className?: string;
  /** 'dark' for the big screen. */
  theme?: 'dark';
  /** What the chart shows, for screen readers. */
  label: string;
  ref?: Ref<EChartHandle>;
  /** Height in px (default 300) unless `style` sets it. */
  height?: number;
  /** SVG for charts that are printed (the report, like its PDF); canvas otherwise. */
  renderer?: 'canvas' | 'svg';
  testId?: string;
}

/**
 * One ECharts chart: created on mount, resized with its box (ResizeObserver), given each new
 * option, and disposed on unmount, so a page left open for a night holds one instance per chart.
 */
export function EChart({
  option,
  style,
  className,
  theme,
  label,
  ref,
  height = 300,
  renderer = 'canvas',
  testId,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, theme, { renderer });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [theme, renderer]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, theme]);

  useImperativeHandle(
    ref,
    () => ({
      toPng: (background = '#ffffff') =>
        chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background }) ?? null,
    }),
    [],
  );

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={className}
      data-testid={testId}
      style={{ width: '100%', height, ...style }}
    />
  );
}
