import { ArrowLeftOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { CourseDetail, MyLearning, ProgressResult } from '@psy/contracts';
import { Button, Card, Col, Empty, Flex, Progress, Row, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, LoadFailed, NotFound, queryStates } from '../../../components/page-states';
import { formatDateTime } from '../../../lib/format';
import { useCourseDetail, useLesson, useMyLearning } from '../api/learning';
import { CourseCover } from '../components/course-cover';
import { clock } from '../components/format';
import { LessonList } from '../components/lesson-list';
import { LessonPlayer } from '../components/lesson-player';
import styles from '../components/courses.module.css';

function LearningCard({ c }: { c: MyLearning }) {
  const navigate = useNavigate();
  const refunded = c.status === 'refunded';
  return (
    <Card styles={{ body: { padding: 0 } }} className={styles.card}>
      <Link to={`/course/detail?id=${c.id}`} aria-label={c.title}>
        <CourseCover
          id={c.id}
          title={c.title}
          url={c.coverUrl}
          badge={refunded && <Tag color="default">已退款</Tag>}
        />
      </Link>
      <div className={styles.cardBody}>
        <div className={styles.cardTitle}>{c.title}</div>
        <div className={styles.meta}>
          {c.expert.name} · {c.lessonCount} 课时
        </div>
        {refunded ? (
          <Typography.Paragraph type="secondary" style={{ margin: '10px 0 0' }}>
            已退款，不能继续学习
          </Typography.Paragraph>
        ) : (
          <>
            <Progress percent={c.progressPercent} size="small" style={{ margin: '8px 0 4px' }} />
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {c.lastLessonTitle
                ? `上次学到：${c.lastLessonTitle} ${c.lastPositionSec > 0 ? clock(c.lastPositionSec) : ''}`
                : `${formatDateTime(c.joinedAt)} 加入`}
            </Typography.Text>
            <Button
              type="primary"
              block
              icon={<PlayCircleOutlined />}
              style={{ marginTop: 10 }}
              onClick={() =>
                navigate(
                  `/user/course?courseId=${c.id}${c.lastLessonKey ? `&lesson=${c.lastLessonKey}` : ''}`,
                )
              }
            >
              {c.lastLessonKey ? '继续学习' : '开始学习'}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

function MyCourses() {
  const { data, isPending, isError, refetch } = useMyLearning();
  const navigate = useNavigate();
  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        我的课程
      </Typography.Title>
      {isPending ? (
        <CardSkeleton rows={6} />
      ) : isError ? (
        <LoadFailed title="课程加载失败" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Card>
          <Empty description="还没有课程，去课程学习看看吧">
            <Button type="primary" onClick={() => navigate('/app/course')}>
              浏览课程
            </Button>
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={6}>
              <LearningCard c={c} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}

/** The player with the lesson list beside it (below it on a phone). */
function Player({ course, lessonKey }: { course: CourseDetail; lessonKey: string }) {
  const [, setParams] = useSearchParams();
  const qc = useQueryClient();
  const lessons = useMemo(() => course.chapters.flatMap((c) => c.lessons), [course]);
  const index = lessons.findIndex((l) => l.key === lessonKey);
  const next = lessons.slice(index + 1).find((l) => l.open) ?? null;
  const lesson = useLesson(course.id, lessonKey);
  // After a stale address, the fresh one resumes where the video was.
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  const go = (key: string) => {
    setResumeAt(null);
    setParams({ courseId: String(course.id), lesson: key }, { replace: true });
  };
  const onSaved = useCallback(
    (r: ProgressResult) => {
      // Done marks and percent: the course page refreshes, the lesson itself is left alone.
      if (r.done) void qc.invalidateQueries({ queryKey: ['courses', 'detail', course.id] });
      void qc.invalidateQueries({ queryKey: ['courses', 'mine'] });
    },
    [qc, course.id],
  );

  let stage;
  if (lesson.isError) stage = <LoadFailed title="课时加载失败" onRetry={() => void lesson.refetch()} />;
  else if (!lesson.data) stage = <CardSkeleton rows={8} />;
  else
    stage = (
      <LessonPlayer
        key={lesson.data.key}
        lesson={resumeAt !== null ? { ...lesson.data, positionSec: resumeAt } : lesson.data}
        courseId={course.id}
        track={!!course.enrolment}
        next={next}
        onNext={go}
        onSaved={onSaved}
        onExpired={(at) => {
          setResumeAt(at);
          void lesson.refetch();
        }}
      />
    );

  return (
    <div className="page-container">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <div style={{ minWidth: 0 }}>
          <Link to="/user/course">
            <ArrowLeftOutlined /> 我的课程
          </Link>
          <Typography.Title level={4} style={{ margin: '4px 0 0' }} ellipsis>
            {course.title}
          </Typography.Title>
        </div>
        {course.enrolment && (
          <Flex align="center" gap={8} style={{ minWidth: 200 }}>
            <Progress
              percent={course.enrolment.progressPercent}
              size="small"
              style={{ width: 160, margin: 0 }}
            />
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {course.enrolment.doneCount}/{course.lessonCount}
            </Typography.Text>
          </Flex>
        )}
      </Flex>
      <div className={styles.player}>
        <div>{stage}</div>
        <aside className={styles.side}>
          <LessonList chapters={course.chapters} active={lessonKey} onOpen={(l) => l.open && go(l.key)} />
        </aside>
      </div>
    </div>
  );
}

/** 我的课程 (/user/course): my courses; with ?courseId= the player, at ?lesson= or where I stopped. */
export function Component() {
  const [params] = useSearchParams();
  const courseId = Number(params.get('courseId')) || 0;
  const query = useCourseDetail(courseId);
  if (!courseId) return <MyCourses />;
  const state = queryStates(query, {
    notFoundStatuses: [404, 400],
    notFound: { title: '课程不存在或已下架', back: { to: '/user/course', label: '我的课程' } },
    failed: '课程加载失败',
    skeleton: <CardSkeleton rows={10} />,
  });
  const course = query.data;
  if (state || !course) return <div className="page-container">{state?.view}</div>;
  const lessons = course.chapters.flatMap((c) => c.lessons);
  const asked = params.get('lesson');
  const key =
    lessons.find((l) => l.key === asked && l.open)?.key ??
    lessons.find((l) => l.key === course.enrolment?.lastLessonKey)?.key ??
    lessons.find((l) => l.open)?.key;
  if (!course.enrolment && !lessons.some((l) => l.open && l.key === asked))
    return (
      <div className="page-container">
        <NotFound
          title="您还没有购买这门课程"
          subTitle="购买后即可学习全部课时，进度会在所有设备间同步。"
          back={{ to: `/course/detail?id=${course.id}`, label: '查看课程' }}
        />
      </div>
    );
  if (!key)
    return (
      <div className="page-container">
        <Empty description="这门课程还没有课时" />
      </div>
    );
  return <Player course={course} lessonKey={key} />;
}
