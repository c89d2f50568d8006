import { contentStatuses, type ContentStatus, type CourseDraftView } from '@psy/contracts';
import { Alert, Card, Col, Descriptions, Empty, Flex, Row, Segmented, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CardSkeleton, idParam, LoadError, LoadFailed } from '../../../components/page-states';
import { OnlineSwitch, ReviewDecision } from '../../../components/review-decision';
import { CourseStatusTag } from '../../../components/status-tags';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { formatDateTime, yuan } from '../../../lib/format';
import { usePageParam } from '../../../lib/url-filters';
import { useCourseDraft, useDraftLesson } from '../api/authoring';
import { useAuditCourses, useCourseOnline, useDecideCourse } from '../api/review';
import { CourseCover } from './course-cover';
import { clock } from './format';
import { LessonList } from './lesson-list';
import { LessonPlayer } from './lesson-player';
import { videoFacts } from './video-upload';
import styles from './courses.module.css';

type Filter = ContentStatus | 'all';

/** 课程审核 (/audit/course/list): submitted courses by state, newest first. */
export function AuditCourseList() {
  const [params, setParams] = useSearchParams();
  const s = params.get('status');
  const status: Filter =
    s && (contentStatuses as readonly string[]).includes(s)
      ? (s as ContentStatus)
      : s === 'all'
        ? 'all'
        : 'pending_review';
  const [pageNum, setPageNum] = usePageParam();
  const { data, isPending, isError, refetch, isPlaceholderData } = useAuditCourses({
    pageNum,
    pageSize: 10,
    status: status === 'all' ? undefined : status,
  });
  return (
    <>
      <WorkbenchHead title="课程审核" sub="观看课时、核对内容，通过后课程在课程学习上架" />
      <Card>
        <div style={{ overflowX: 'auto', marginBottom: 12 }}>
          <Segmented<Filter>
            value={status}
            onChange={(v) => setParams({ status: v }, { replace: true })}
            options={[
              { value: 'pending_review', label: '待审核' },
              { value: 'published', label: '已上架' },
              { value: 'rejected', label: '已驳回' },
              { value: 'offline', label: '已下架' },
              { value: 'all', label: '全部' },
            ]}
          />
        </div>
        {isPending ? (
          <CardSkeleton rows={5} />
        ) : isError ? (
          <LoadFailed title="课程加载失败" onRetry={() => void refetch()} />
        ) : (
          <Table
            rowKey="id"
            size="middle"
            loading={isPlaceholderData}
            scroll={{ x: 720 }}
            dataSource={data.list}
            locale={{
              emptyText: (
                <Empty description={status === 'pending_review' ? '没有待审核的课程' : '这一类下没有课程'} />
              ),
            }}
            pagination={{
              current: pageNum,
              pageSize: 10,
              total: data.total,
              onChange: setPageNum,
              hideOnSinglePage: true,
              showSizeChanger: false,
            }}
            columns={[
              {
                title: '课程',
                key: 'title',
                render: (_, c) => (
                  <Flex gap={12} align="center">
                    <div style={{ width: 96, flex: 'none' }}>
                      <CourseCover id={c.id} title={c.title} url={c.coverUrl} />
                    </div>
                    <div style={{ minWidth: 0 }}>
                      <Link to={`/audit/course/detail?id=${c.id}`}>{c.title}</Link>
                      <div className={styles.muted} style={{ fontSize: 12 }}>
                        {c.category} · {c.lessonCount} 课时 · {c.priceFen ? yuan(c.priceFen) : '免费'}
                        {c.published && c.status === 'pending_review' ? ' · 新版本' : ''}
                      </div>
                    </div>
                  </Flex>
                ),
              },
              { title: '专家', dataIndex: 'expertName', key: 'expert', width: 100 },
              {
                title: '状态',
                key: 'status',
                width: 90,
                render: (_, c) => <CourseStatusTag status={c.status} />,
              },
              {
                title: '提交时间',
                key: 'at',
                width: 150,
                render: (_, c) => (c.submittedAt ? formatDateTime(c.submittedAt) : '—'),
              },
              {
                title: '操作',
                key: 'op',
                width: 90,
                render: (_, c) => (
                  <Link to={`/audit/course/detail?id=${c.id}`}>
                    {c.status === 'pending_review' ? '审核' : '查看'}
                  </Link>
                ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}

function Decision({ course }: { course: CourseDraftView }) {
  const decide = useDecideCourse(course.id);
  return (
    <ReviewDecision
      pending={decide.isPending}
      onDecide={(d) => decide.mutate(d)}
      placeholder="驳回原因（驳回时必填），请写清需要修改的课时或内容"
      approveTitle="通过并上架"
      approveDescription={
        course.takenOffline
          ? '该课程已被下架。通过后新版本立即重新上架，学员进度保留；驳回则保持下架。确定吗？'
          : course.published
            ? '通过后新版本立即上架，学员进度保留。确定吗？'
            : '通过后课程立即在课程学习上架，确定吗？'
      }
    />
  );
}

function Shelf({ course }: { course: CourseDraftView }) {
  const online = useCourseOnline(course.id);
  return (
    <OnlineSwitch
      on={course.status !== 'offline'}
      pending={online.isPending}
      label="在课程学习上架"
      says={{
        on: '已上架：用户可以在课程学习找到并购买',
        off: '已下架：课程学习不再显示，已购学员仍可继续学习',
      }}
      onChange={(v) => online.mutate(v)}
    />
  );
}

/** 课程审核详情 (/audit/course/detail?id=): the submitted draft, its lessons to watch, and the decision. */
export function AuditCourseDetail() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const { data, isPending, isError, error, refetch } = useCourseDraft(id);
  const [active, setActive] = useState<string | null>(null);
  const chapters = useMemo(() => {
    if (!data) return [];
    const videos = new Map(data.videos.map((v) => [v.id, v]));
    return data.draft.chapters.map((ch) => ({
      key: ch.key,
      title: ch.title,
      lessons: ch.lessons.map((l) => ({
        key: l.key,
        title: l.title,
        kind: l.kind ?? 'video',
        freeTrial: !!l.freeTrial,
        durationSec: Math.round((l.videoId && videos.get(l.videoId)?.durationSec) || 0),
        open: true,
        done: false,
        positionSec: 0,
      })),
    }));
  }, [data]);
  const first = chapters[0]?.lessons[0]?.key ?? null;
  const key = active ?? first;
  const lesson = useDraftLesson(id, key);

  if (!id || isError) return <LoadError error={error} what="课程" onRetry={() => void refetch()} />;
  if (isPending) return <CardSkeleton rows={12} />;
  const d = data.draft;
  const videoOf = (k: string) => {
    const l = d.chapters.flatMap((c) => c.lessons).find((x) => x.key === k);
    return l?.videoId ? data.videos.find((v) => v.id === l.videoId) : undefined;
  };
  const v = key ? videoOf(key) : undefined;
  return (
    <>
      <WorkbenchHead
        title={
          <Space wrap>
            {d.title} <CourseStatusTag status={data.status} />
          </Space>
        }
        sub={`${data.expert.name} · ${d.category} · ${d.priceFen ? yuan(d.priceFen) : '免费'}${data.published ? ` · 线上版本 v${data.version}` : ''}`}
        extra={<Link to="/audit/course/list">返回列表</Link>}
      />
      {data.rejectReason && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`已驳回：${data.rejectReason}`} />
      )}
      {data.status === 'pending_review' && <Decision course={data} />}
      {data.published && data.status !== 'pending_review' && <Shelf course={data} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          {lesson.data ? (
            <LessonPlayer key={lesson.data.key} lesson={lesson.data} courseId={id} track={false} />
          ) : key ? (
            <CardSkeleton rows={8} />
          ) : (
            <Empty description="这门课程还没有课时" />
          )}
          {v && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              文件：{v.originalName} · {videoFacts(v)}
            </Typography.Paragraph>
          )}
          <Card title="课程介绍" size="small" style={{ marginTop: 16 }}>
            <Flex gap={16} wrap>
              <div style={{ width: 240, maxWidth: '100%' }}>
                <CourseCover id={data.id} title={d.title} url={data.coverUrl} />
              </div>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', flex: 1, minWidth: 220 }}>
                {d.intro}
              </Typography.Paragraph>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card title="课时" size="small" styles={{ body: { padding: 8 } }}>
            <LessonList chapters={chapters} active={key} onOpen={(l) => setActive(l.key)} />
          </Card>
          <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
            <Descriptions.Item label="章节">{d.chapters.length} 章</Descriptions.Item>
            <Descriptions.Item label="总时长">
              {clock(data.videos.reduce((s, x) => s + x.durationSec, 0))}
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </>
  );
}
