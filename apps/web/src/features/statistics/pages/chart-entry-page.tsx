import { AlertOutlined, BarChartOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';

/** Opens the big screen in its own window (a wall display keeps it open on its own). */
function openScreen(): void {
  window.open('/echartMap', 'psy-echart-map', 'noopener');
}

/**
 * 统计图表: the way into the early-warning big screen and the data centre, in the expert
 * workbench (/expert/echartMap: their own people and institution) and the audit workbench
 * (/audit/echartMap: the whole platform). The server decides the scope either way.
 */
export function Component() {
  const audit = useLocation().pathname.startsWith('/audit/');
  const Layout = audit ? AuditLayout : WorkbenchLayout;
  return (
    <Layout>
      <WorkbenchHead
        title="统计图表"
        sub={audit ? '查看全平台的预警态势与测评数据' : '查看你负责的来访者的预警态势与测评数据'}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card>
            <Typography.Title level={4}>
              <AlertOutlined style={{ color: '#f5222d' }} /> 心理预警大屏
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              全屏展示各省份预警分布、今日 / 本周 / 本月各级预警、近 30 天趋势、机构待处理预警和实时预警滚动，
              新预警无需刷新即时出现，适合投放在值班室大屏。
            </Typography.Paragraph>
            <Button type="primary" icon={<ExportOutlined />} onClick={openScreen}>
              在新窗口打开预警大屏
            </Button>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card>
            <Typography.Title level={4}>
              <BarChartOutlined style={{ color: '#0e8f8f' }} /> 测试数据中心
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              按量表、方案、活动、时间、性别、年龄段和地区筛选，查看测评人次、分级分布、因子剖面、阳性率与交叉分析，
              导出 Excel 明细或下载团体报告 PDF。
            </Typography.Paragraph>
            <Link to="/expertEchart">
              <Button icon={<BarChartOutlined />}>进入测试数据中心</Button>
            </Link>
          </Card>
        </Col>
      </Row>
    </Layout>
  );
}
