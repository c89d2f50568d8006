import { CloudServerOutlined, FormOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Progress,
  Result,
  Row,
  Skeleton,
  Statistic,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { shanghai } from '../../../lib/format';
import { homeInfoQuery, homeListQuery } from '../api/queries';
import type { DemoUser, HomeItem } from '../api/types';
import styles from '../components/demo.module.css';
import { SevenDayChart } from '../components/seven-day-chart';
import { useDemoTitle } from '../components/use-demo-title';

/** The Shanghai calendar day of an epoch-seconds instant, whatever the browser's time zone. */
const shanghaiDay = (seconds: number): string => shanghai(new Date(seconds * 1000)).format('YYYY年M月D日');

function Counter({
  title,
  value,
  icon,
  color,
}: {
  title: string;
  value: number;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Card style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={value}
        prefix={<span style={{ color, marginInlineEnd: 4 }}>{icon}</span>}
      />
    </Card>
  );
}

const columns: TableColumnsType<HomeItem> = [
  {
    title: '事项',
    dataIndex: 'title',
    render: (title: string, row) => (
      <span>
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: 4,
            background: row.color,
            marginInlineEnd: 8,
          }}
        />
        {title}
      </span>
    ),
  },
  { title: '姓名', dataIndex: 'name', width: 96 },
  { title: '年龄', dataIndex: 'age', width: 72, sorter: (a, b) => a.age - b.age, responsive: ['sm'] },
  { title: '手机号', dataIndex: 'mobile', width: 132, responsive: ['md'] },
  { title: '邮箱', dataIndex: 'email', ellipsis: true, responsive: ['lg'] },
  {
    title: '更新时间',
    dataIndex: 'updated_at',
    width: 168,
    defaultSortOrder: 'descend',
    sorter: (a, b) => a.updated_at.localeCompare(b.updated_at),
    responsive: ['md'],
  },
];

export function Component() {
  useDemoTitle('首页');
  const user = useOutletContext<DemoUser>();
  const info = useQuery(homeInfoQuery);
  const list = useQuery(homeListQuery);

  if (info.error) {
    return (
      <Result
        status="error"
        title="首页数据加载失败"
        subTitle={info.error.message}
        extra={<Button onClick={() => info.refetch()}>重试</Button>}
      />
    );
  }
  const data = info.data;
  const week = data?.seven_days.reduce((sum, d) => sum + d.num, 0) ?? 0;

  return (
    <>
      <div className={styles.pageHeader}>
        <h1>欢迎回来，{user.realName}</h1>
        <p>上次登录：{user.last_login}</p>
      </div>
      <Row gutter={[16, 16]}>
        {data ? (
          <>
            <Col xs={12} lg={6}>
              <Counter title="注册用户" value={data.hu_num} icon={<TeamOutlined />} color="#13a8a8" />
            </Col>
            <Col xs={12} lg={6}>
              <Counter title="云端档案" value={data.yun_num} icon={<CloudServerOutlined />} color="#2f54eb" />
            </Col>
            <Col xs={12} lg={6}>
              <Counter title="累计测评" value={data.ce_num} icon={<FormOutlined />} color="#fa8c16" />
            </Col>
            <Col xs={12} lg={6}>
              <Card style={{ height: '100%' }}>
                <Statistic
                  title={`在线人数（共 ${data.total_num}）`}
                  value={data.online_num}
                  prefix={<WifiOutlined style={{ color: '#52c41a', marginInlineEnd: 4 }} />}
                />
                <Progress
                  percent={Math.round((data.online_num / data.total_num) * 100)}
                  size="small"
                  strokeColor="#52c41a"
                  showInfo={false}
                  aria-label="在线比例"
                />
              </Card>
            </Col>
          </>
        ) : (
          [0, 1, 2, 3].map((i) => (
            <Col key={i} xs={12} lg={6}>
              <Card>
                <Skeleton active paragraph={{ rows: 1 }} title={false} />
              </Card>
            </Col>
          ))
        )}
        <Col span={24}>
          <Card
            title="近七日访问量"
            extra={data && <Tag color="cyan">合计 {week.toLocaleString('zh-CN')}</Tag>}
          >
            {data ? (
              data.seven_days.length ? (
                <SevenDayChart days={data.seven_days} />
              ) : (
                <Empty description="暂无访问数据" />
              )
            ) : (
              <Skeleton active paragraph={{ rows: 5 }} />
            )}
            {data && (
              <p className={styles.footer} style={{ padding: '12px 0 0', textAlign: 'left' }}>
                统计起始：{shanghaiDay(data.create_time)}
              </p>
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title="最新登记" styles={{ body: { padding: 0 } }}>
            <Table<HomeItem>
              rowKey="id"
              size="middle"
              loading={list.isPending}
              dataSource={list.data?.list}
              columns={columns}
              expandable={{ expandedRowRender: (row) => <p style={{ margin: 0 }}>{row.description}</p> }}
              pagination={{ pageSize: 8, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
              locale={{ emptyText: list.error ? `加载失败：${list.error.message}` : undefined }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
