import { EditOutlined, EyeOutlined, PlusOutlined, WalletOutlined } from '@ant-design/icons';
import type { MyCourseRow } from '@psy/contracts';
import { Alert, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CardSkeleton, EmptyCard, LoadError } from '../../../components/page-states';
import { CourseStatusTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { StatusFilter } from '../../../components/workbench/status-filter';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import wb from '../../../components/workbench/workbench.module.css';
import { yuan } from '../../../lib/format';
import { useMyCourses } from '../api/authoring';
import { CourseCover } from '../components/course-cover';

type Filter = 'all' | 'draft' | 'pending_review' | 'published' | 'rejected' | 'offline';

function CourseRow({ c }: { c: MyCourseRow }) {
  const live = c.published && c.status !== 'offline' && !c.takenOffline;
  return (
    <div className={wb.listItem}>
      <Flex gap={16} wrap align="start">
        <div style={{ width: 160, flex: 'none' }}>
          <CourseCover id={c.id} title={c.title} url={c.coverUrl} />
        </div>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Space wrap size={6}>
            <Link to={`/expert/course/detail?id=${c.id}`}>
              <Typography.Text strong style={{ fontSize: 15 }}>
                {c.title}
              </Typography.Text>
            </Link>
            <CourseStatusTag status={c.status} />
            {c.editing && c.status === 'published' && <Tag color="gold">有修改未提交审核</Tag>}
            {c.published && c.status === 'pending_review' && <Tag>新版本审核中，学员仍看原版本</Tag>}
          </Space>
          <div className={wb.muted}>
            {c.category} · {c.priceFen > 0 ? yuan(c.priceFen) : '免费'} · {c.learnerCount} 名学员 · 收入{' '}
            {yuan(c.incomeFen)}
          </div>
          {c.rejectReason && (
            <Alert type="error" showIcon style={{ marginTop: 8 }} title={`驳回原因：${c.rejectReason}`} />
          )}
        </div>
        <Space wrap>
          {live && (
            <Link to={`/course/detail?id=${c.id}`}>
              <Button size="small" icon={<EyeOutlined />}>
                课程页
              </Button>
            </Link>
          )}
          <Link to={`/expert/course/buyList?courseId=${c.id}`}>
            <Button size="small" icon={<WalletOutlined />}>
              购买记录
            </Button>
          </Link>
          <Link to={`/expert/course/detail?id=${c.id}`}>
            <Button size="small" type="primary" ghost icon={<EditOutlined />}>
              {c.status === 'pending_review' ? '查看' : '编辑'}
            </Button>
          </Link>
        </Space>
      </Flex>
    </div>
  );
}

/** 课程列表 (/expert/course/list): my courses, where each stands, learners and income. */
export function Component() {
  const navigate = useNavigate();
  const { data, isPending, isError, error, refetch } = useMyCourses();
  const [filter, setFilter] = useState<Filter>('all');
  const count = (f: Filter) => (f === 'all' ? data?.length : data?.filter((s) => s.status === f).length) ?? 0;
  const shown = data?.filter((c) => filter === 'all' || c.status === filter) ?? [];
  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/expert/course/detail')}>
      新建课程
    </Button>
  );
  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="课程管理"
        sub="制作视频与图文课程，提交审核通过后在课程学习上架"
        extra={newButton}
      />
      {isPending ? (
        <CardSkeleton />
      ) : isError ? (
        <LoadError error={error} what="课程列表" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyCard text="你还没有课程，点击“新建课程”开始制作吧" action={newButton} />
      ) : (
        <Card>
          <StatusFilter<Filter>
            value={filter}
            onChange={setFilter}
            count={count}
            options={[
              { value: 'all', label: '全部' },
              { value: 'draft', label: '草稿' },
              { value: 'pending_review', label: '审核中' },
              { value: 'published', label: '已上架' },
              { value: 'rejected', label: '已驳回' },
              { value: 'offline', label: '已下架' },
            ]}
          />
          {shown.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ padding: '24px 0', textAlign: 'center' }}>
              这一类下没有课程
            </Typography.Paragraph>
          ) : (
            shown.map((c) => <CourseRow key={c.id} c={c} />)
          )}
        </Card>
      )}
    </WorkbenchLayout>
  );
}
