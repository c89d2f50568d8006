import { EditOutlined, EyeOutlined, WalletOutlined } from '@ant-design/icons';
import type { MyCourseRow } from '@psy/contracts';
import { Alert, Button, Flex, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { CourseStatusTag } from '../../../components/status-tags';
import { AuthoredList } from '../../../components/workbench/authored-list';
import wb from '../../../components/workbench/workbench.module.css';
import { yuan } from '../../../lib/format';
import { useMyCourses } from '../api/authoring';
import { CourseCover } from '../components/course-cover';

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
  return (
    <AuthoredList
      title="课程管理"
      sub="制作视频与图文课程，提交审核通过后在课程学习上架"
      create={{ label: '新建课程', to: '/expert/course/detail' }}
      query={useMyCourses()}
      what="课程列表"
      empty="你还没有课程，点击“新建课程”开始制作吧"
      noneOfStatus="这一类下没有课程"
      statuses={[
        { value: 'draft', label: '草稿' },
        { value: 'pending_review', label: '审核中' },
        { value: 'published', label: '已上架' },
        { value: 'rejected', label: '已驳回' },
        { value: 'offline', label: '已下架' },
      ]}
      row={(c) => <CourseRow key={c.id} c={c} />}
    />
  );
}
