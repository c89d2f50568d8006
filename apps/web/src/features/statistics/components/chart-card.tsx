import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Table } from 'antd';
import { useRef, type ReactNode } from 'react';
import { EChart, type EChartHandle } from '../../../components/echart';
import { saveFile } from '../../../lib/download';
import type { ChartSpec } from '@psy/report-charts';

/** One chart of the data centre: the chart, a PNG download of it, and its figures as a table. */
export function ChartCard({
  spec,
  height = 300,
  extra,
}: {
  spec: ChartSpec;
  height?: number;
  extra?: ReactNode;
}) {
  const chart = useRef<EChartHandle>(null);
  const download = () => {
    const png = chart.current?.toPng();
    if (png) saveFile(png, `${spec.title}.png`);
  };
  return (
    <Card
      title={spec.title}
      data-testid={`chart-${spec.key}`}
      extra={
        <>
          {extra}
          <Button
            size="small"
            icon={<DownloadOutlined />}
            disabled={spec.empty}
            onClick={download}
            aria-label={`下载图片：${spec.title}`}
          >
            PNG
          </Button>
        </>
      }
      styles={{ body: { paddingTop: 12 } }}
    >
      {spec.empty ? (
        <Empty
          description={spec.emptyText ?? '当前筛选条件下暂无数据'}
          style={{ height, paddingTop: height / 4, margin: 0 }}
        />
      ) : (
        <>
          <EChart ref={chart} option={spec.option} label={spec.title} style={{ height }} />
          <Table
            size="small"
            pagination={false}
            scroll={{ y: 180, x: 'max-content' }}
            style={{ marginTop: 8 }}
            columns={spec.columns.map((title, i) => ({ title, dataIndex: i, key: i }))}
            dataSource={spec.rows.map((r, i) => ({ ...r, key: i }))}
          />
        </>
      )}
    </Card>
  );
}
