import type { AssessmentListItem } from '@psy/contracts';
import { Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useLastPageClamp, usePageParam, useUrlFilters } from '../../../lib/url-filters';
import { useExpertAssessments } from '../api/assessments';
import type { WarningLevel } from '../api/warnings';
import { CardSkeleton, EmptyCard, LoadError } from '../../../components/page-states';
import { WarningLevelTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';

const LEVELS = ['3', '2', '1', 'none'] as const;
const STATUSES = ['submitted', 'in_progress'] as const;
const PAGE_SIZE = 10;

/**
 * 用户测评 (/expert/test/list): assessments of the people this expert serves. The filters and
 * the page live in the URL (?keyword=, ?level=, ?status=, ?page=), so coming Back from an
 * assessment or a record finds the list as it was left, and a filtered list can be linked.
 */
export function Component() {
  const { params, keyword, update } = useUrlFilters();
  const [pageNum, setPageNum] = usePageParam();
  const level = LEVELS.find((l) => l === params.get('level'));
  const status = STATUSES.find((s) => s === params.get('status'));
  // Filters are applied by the server; any change goes back to the first page.
  const filtered = level !== undefined || status !== undefined || keyword !== '';
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useExpertAssessments({
    level,
    status,
    keyword: keyword || undefined,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  useLastPageClamp(data?.total, PAGE_SIZE, !isPlaceholderData);

  return (
    <WorkbenchLayout>
      <WorkbenchHead title="用户测评" sub="你负责的用户完成的测评，按开始时间从新到旧排列" />
      {isPending ? (
        <CardSkeleton />
      ) : isError ? (
        <LoadError error={error} what="测评列表" onRetry={() => void refetch()} />
      ) : data.total === 0 && !filtered ? (
        <EmptyCard text="还没有用户完成你负责的测评。用户在你所在机构做测评后，会出现在这里。" />
      ) : (
        <Card>
          <Space wrap style={{ marginBottom: 16 }}>
            <Input.Search
              key={keyword}
              defaultValue={keyword}
              allowClear
              placeholder="搜索姓名或测评名称"
              aria-label="搜索姓名或测评名称"
              style={{ width: 220 }}
              onSearch={(v) => update({ keyword: v.trim() || undefined })}
            />
            <Select
              value={level ?? 'all'}
              style={{ width: 130 }}
              aria-label="预警等级"
              onChange={(v) => update({ level: v === 'all' ? undefined : v })}
              options={[
                { value: 'all', label: '全部预警等级' },
                { value: '3', label: '高危预警' },
                { value: '2', label: '中危预警' },
                { value: '1', label: '低危预警' },
                { value: 'none', label: '无预警' },
              ]}
            />
            <Select
              value={status ?? 'all'}
              style={{ width: 120 }}
              aria-label="测评状态"
              onChange={(v) => update({ status: v === 'all' ? undefined : v })}
              options={[
                { value: 'all', label: '全部状态' },
                { value: 'submitted', label: '已完成' },
                { value: 'in_progress', label: '进行中' },
              ]}
            />
          </Space>
          <Table<AssessmentListItem>
            rowKey="id"
            dataSource={data.list}
            loading={isPlaceholderData}
            size="middle"
            scroll={{ x: 880 }}
            pagination={{
              current: pageNum,
              pageSize: PAGE_SIZE,
              total: data.total,
              hideOnSinglePage: true,
              showSizeChanger: false,
              showTotal: (t) =>
                data.totalCapped
                  ? `超过 ${t.toLocaleString('zh-CN')} 份，请输入更完整的关键词缩小范围`
                  : `共 ${t} 份`,
              onChange: setPageNum,
            }}
            locale={{ emptyText: '没有符合条件的测评' }}
            columns={[
              {
                title: '姓名',
                width: 110,
                render: (_, a) => (
                  <Link to={`/expert/archives/record?userId=${a.user.id}`} title="查看心理档案">
                    {a.user.name || '未填写'}
                  </Link>
                ),
              },
              {
                title: '测评',
                dataIndex: 'title',
                render: (t: string, a) => <Link to={`/expert/test/transfer?id=${a.id}`}>{t}</Link>,
              },
              {
                title: '提交时间',
                dataIndex: 'submittedAt',
                width: 150,
                render: (s: string | null) =>
                  s ? formatDateTime(s) : <Typography.Text type="secondary">进行中</Typography.Text>,
              },
              {
                title: '结果摘要',
                dataIndex: 'summary',
                render: (s: string[]) => (s.length ? s.map((x) => <Tag key={x}>{x}</Tag>) : '—'),
              },
              {
                title: '预警',
                dataIndex: 'maxWarningLevel',
                width: 90,
                render: (l: number | null) =>
                  l ? <WarningLevelTag level={l as WarningLevel} /> : <Tag>无</Tag>,
              },
              {
                title: '操作',
                width: 210,
                render: (_, a) => (
                  <Space size={12}>
                    <Link to={`/expert/archives/record?userId=${a.user.id}`}>心理档案</Link>
                    <Link to={`/expert/test/transfer?id=${a.id}`}>测评详情</Link>
                    {a.status === 'submitted' && <Link to={`/expert/test/detail?id=${a.id}`}>报告详情</Link>}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
    </WorkbenchLayout>
  );
}
