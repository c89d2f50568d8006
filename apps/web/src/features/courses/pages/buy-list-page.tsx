import { DownloadOutlined } from '@ant-design/icons';
import type { PurchaseRecord } from '@psy/contracts';
import { Button, Card, Col, Empty, Row, Select, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardSkeleton, LoadFailed } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { formatDateTime, yuan } from '../../../lib/format';
import { exportBuyList, useBuyList, useMyCourses } from '../api/authoring';

const PAGE_SIZE = 10;

/** 购买记录 (/expert/course/buyList): who bought which course, when, for how much; monthly totals; Excel. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const courseId = Number(params.get('courseId')) || undefined;
  const [pageNum, setPageNum] = useState(1);
  const [exporting, setExporting] = useState(false);
  const courses = useMyCourses();
  const { data, isPending, isError, refetch, isPlaceholderData } = useBuyList({
    pageNum,
    pageSize: PAGE_SIZE,
    courseId,
  });
  const thisMonth = data?.months[0];

  const columns = [
    { title: '课程', dataIndex: 'courseTitle', key: 'course', ellipsis: true },
    {
      title: '学员',
      key: 'user',
      render: (_: unknown, r: PurchaseRecord) => (
        <span>
          {r.userName}
          <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
            {r.telephone}
          </Typography.Text>
        </span>
      ),
    },
    { title: '购买时间', key: 'at', render: (_: unknown, r: PurchaseRecord) => formatDateTime(r.joinedAt) },
    {
      title: '金额',
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, r: PurchaseRecord) => (r.amountFen === 0 ? '免费' : yuan(r.amountFen)),
    },
    {
      title: '状态',
      key: 'status',
      render: (_: unknown, r: PurchaseRecord) =>
        r.status === 'refunded' ? (
          <span>
            <Tag color="warning">已退款</Tag>
            {r.refundedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(r.refundedAt)}
              </Typography.Text>
            )}
          </span>
        ) : (
          <Tag color={r.amountFen === 0 ? 'default' : 'success'}>
            {r.amountFen === 0 ? '免费加入' : '已支付'}
          </Tag>
        ),
    },
  ];

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="购买记录"
        sub="课程的购买、退款与每月收入"
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!data || data.total === 0}
            onClick={() => {
              setExporting(true);
              void exportBuyList(courseId).finally(() => setExporting(false));
            }}
          >
            导出 Excel
          </Button>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Select
          style={{ minWidth: 240, maxWidth: '100%' }}
          value={courseId ?? 0}
          aria-label="按课程筛选"
          onChange={(v) => {
            setPageNum(1);
            setParams(v ? { courseId: String(v) } : {}, { replace: true });
          }}
          options={[
            { label: '全部课程', value: 0 },
            ...(courses.data ?? []).map((c) => ({ label: c.title, value: c.id })),
          ]}
        />
      </Card>
      {isPending ? (
        <CardSkeleton rows={8} />
      ) : isError ? (
        <LoadFailed title="购买记录加载失败" onRetry={() => void refetch()} />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title="累计购买" value={data.total} suffix="人次" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title="累计净收入" value={yuan(data.months.reduce((s, m) => s + m.netFen, 0))} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic
                  title={`${thisMonth?.month ?? '本月'} 收入`}
                  value={yuan(thisMonth?.amountFen ?? 0)}
                />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic
                  title={`${thisMonth?.month ?? '本月'} 退款`}
                  value={yuan(thisMonth?.refundFen ?? 0)}
                />
              </Card>
            </Col>
          </Row>
          <Card title="按月汇总" size="small" style={{ marginBottom: 16 }}>
            {data.months.length === 0 ? (
              <Empty description="还没有购买记录" />
            ) : (
              <Table
                size="small"
                rowKey="month"
                pagination={false}
                scroll={{ x: 480 }}
                dataSource={data.months}
                columns={[
                  { title: '月份', dataIndex: 'month' },
                  { title: '购买人次', dataIndex: 'count', align: 'right' as const },
                  {
                    title: '收入',
                    key: 'a',
                    align: 'right' as const,
                    render: (_: unknown, m) => yuan(m.amountFen),
                  },
                  {
                    title: '退款',
                    key: 'r',
                    align: 'right' as const,
                    render: (_: unknown, m) => yuan(m.refundFen),
                  },
                  {
                    title: '净收入',
                    key: 'n',
                    align: 'right' as const,
                    render: (_: unknown, m) => <strong>{yuan(m.netFen)}</strong>,
                  },
                ]}
              />
            )}
          </Card>
          <Card title="明细" size="small">
            <Table
              size="small"
              rowKey="id"
              loading={isPlaceholderData}
              scroll={{ x: 640 }}
              dataSource={data.list}
              columns={columns}
              locale={{ emptyText: <Empty description="还没有人购买，课程上架后会显示在这里" /> }}
              pagination={{
                current: pageNum,
                pageSize: PAGE_SIZE,
                total: data.total,
                showSizeChanger: false,
                onChange: setPageNum,
                hideOnSinglePage: true,
              }}
            />
          </Card>
        </>
      )}
    </WorkbenchLayout>
  );
}
