import {
  CalendarOutlined,
  PlayCircleOutlined,
  ShoppingCartOutlined,
  StarFilled,
  TeamOutlined,
} from '@ant-design/icons';
import {
  COURSE_REFUND_DAYS,
  COURSE_REFUND_MAX_PERCENT,
  type CourseDetail,
  type CourseLesson,
} from '@psy/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Rate,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { CardSkeleton, idParam, queryStates } from '../../../components/page-states';
import { formatDateTime, yuan } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-title';
import { usePayOrder } from '../../../lib/pay-order';
import { useSession } from '../../../lib/session';
import {
  useCourseDetail,
  useCourseReviews,
  useLesson,
  useRefundCourse,
  useReviewCourse,
} from '../api/learning';
import { CourseCover } from '../components/course-cover';
import { clock, totalLength } from '../components/format';
import { LessonList } from '../components/lesson-list';
import { LessonPlayer } from '../components/lesson-player';
import styles from '../components/courses.module.css';

/** A visitor's free-trial lesson, in a window of its own (nothing is saved). */
function TrialModal({
  courseId,
  lesson,
  onClose,
}: {
  courseId: number;
  lesson: CourseLesson;
  onClose: () => void;
}) {
  const { data } = useLesson(courseId, lesson.key);
  return (
    <Modal open title={`试看：${lesson.title}`} footer={null} width={760} onCancel={onClose} destroyOnHidden>
      {data ? <LessonPlayer lesson={data} courseId={courseId} track={false} /> : <CardSkeleton rows={6} />}
    </Modal>
  );
}

function Reviews({ course }: { course: CourseDetail }) {
  const [page, setPage] = useState(1);
  const { data, isPending } = useCourseReviews(course.id, page);
  const review = useReviewCourse(course.id);
  const [form] = Form.useForm<{ rating: number; content: string }>();
  return (
    <Card
      title={
        <Space>
          学员评价
          {course.rating !== null && (
            <span className={styles.rating}>
              <StarFilled /> {course.rating.toFixed(1)}
            </span>
          )}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {course.ratingCount} 条
          </Typography.Text>
        </Space>
      }
    >
      {course.canReview && (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => review.mutate(v, { onSuccess: () => form.resetFields() })}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="rating" label="我的评分" rules={[{ required: true, message: '请选择评分' }]}>
            <Rate />
          </Form.Item>
          <Form.Item
            name="content"
            label="我的评价"
            rules={[
              { required: true, message: '请写下您的评价' },
              { min: 5, message: '评价至少5个字' },
            ]}
          >
            <Input.TextArea
              maxLength={500}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder="这门课对您有什么帮助？"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={review.isPending}>
            发布评价
          </Button>
        </Form>
      )}
      {isPending ? (
        <CardSkeleton rows={3} />
      ) : !data || data.list.length === 0 ? (
        <Empty description="还没有评价，购买学习后可以写下第一条评价" />
      ) : (
        <>
          <List
            itemLayout="horizontal"
            dataSource={data.list}
            renderItem={(r) => (
              <List.Item>
                <List.Item.Meta
                  avatar={
                    <ExpertAvatar expert={{ id: r.id, name: r.userName, avatar: r.avatar }} size={36} />
                  }
                  title={
                    <Space wrap>
                      {r.userName}
                      <Rate disabled value={r.rating} style={{ fontSize: 12 }} />
                      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                        {formatDateTime(r.createdAt)}
                      </Typography.Text>
                    </Space>
                  }
                  description={r.content}
                />
              </List.Item>
            )}
          />
          {data.total > 5 && (
            <Pagination
              size="small"
              align="center"
              current={page}
              pageSize={5}
              total={data.total}
              onChange={setPage}
            />
          )}
        </>
      )}
    </Card>
  );
}

/** The buy / continue area of the hero. */
function Actions({ course }: { course: CourseDetail }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = useSession((s) => !!s.token);
  const pay = usePayOrder();
  const refund = useRefundCourse(course.id);
  const e = course.enrolment;
  const learn = (key?: string | null) =>
    navigate(`/user/course?courseId=${course.id}${key ? `&lesson=${key}` : ''}`);

  if (e) {
    const last = course.chapters.flatMap((c) => c.lessons).find((l) => l.key === e.lastLessonKey);
    return (
      <div>
        <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
          <Progress percent={e.progressPercent} size="small" style={{ maxWidth: 240, margin: 0 }} />
          <Typography.Text type="secondary">
            已学 {e.doneCount}/{course.lessonCount}
          </Typography.Text>
        </Flex>
        <Space wrap>
          <Button
            type="primary"
            size="large"
            icon={<PlayCircleOutlined />}
            onClick={() => learn(e.lastLessonKey)}
          >
            {last ? '继续学习' : '开始学习'}
          </Button>
          {e.refundableUntil && (
            <Popconfirm
              title="申请退款"
              description={`退款后将无法继续学习本课程，${yuan(e.amountFen)} 将原路退回。确定吗？`}
              okText="确定退款"
              cancelText="再想想"
              onConfirm={() => refund.mutate()}
            >
              <Button loading={refund.isPending}>申请退款</Button>
            </Popconfirm>
          )}
        </Space>
        {last && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            上次学到：{last.title}
            {last.kind === 'video' && e.lastPositionSec > 0 ? ` ${clock(e.lastPositionSec)}` : ''}
          </Typography.Paragraph>
        )}
      </div>
    );
  }
  const buy = () => {
    if (!signedIn) {
      navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
      return;
    }
    if (course.pendingOrderId) pay.mutate(course.pendingOrderId);
    else navigate(`/course/pay?id=${course.id}`);
  };
  return (
    <div>
      <Space wrap>
        <Button
          type="primary"
          size="large"
          icon={<ShoppingCartOutlined />}
          onClick={buy}
          loading={pay.isPending}
        >
          {course.priceFen === 0 ? '免费加入学习' : course.pendingOrderId ? '继续支付' : '立即购买'}
        </Button>
      </Space>
      {course.priceFen > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
          购买后永久观看 · {COURSE_REFUND_DAYS} 天内且学习进度不足 {COURSE_REFUND_MAX_PERCENT}% 可申请退款
        </Typography.Paragraph>
      )}
    </div>
  );
}

/**
 * 课程详情 (/course/detail?id=): introduction, expert, chapters with free trials, reviews, buy or
 * continue. `feedback` (the feedback feature's panel, to the author) goes under the reviews for a
 * learner; the route is composed in app/routes/course-detail-page.tsx.
 */
export function CourseDetailPage({ feedback }: { feedback?: (courseId: number) => ReactNode }) {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const query = useCourseDetail(id);
  const [trial, setTrial] = useState<CourseLesson | null>(null);
  const state = queryStates(query, {
    missing: !id,
    notFoundStatuses: [404, 400],
    notFound: { title: '课程不存在或已下架', back: { to: '/app/course', label: '课程学习' } },
    failed: '课程加载失败',
    skeleton: <CardSkeleton rows={10} />,
  });
  const course = query.data;
  usePageMeta(course && { title: course.title, description: course.summary });
  if (state || !course) return <div className="page-container">{state?.view}</div>;

  const open = (l: CourseLesson) => {
    if (course.enrolment) navigate(`/user/course?courseId=${course.id}&lesson=${l.key}`);
    else if (l.open) setTrial(l);
  };

  return (
    <div className="page-container">
      <Card style={{ marginBottom: 16 }}>
        <div className={styles.hero}>
          <CourseCover id={course.id} title={course.title} url={course.coverUrl} />
          <Flex vertical gap={8} style={{ minWidth: 0 }}>
            <Space wrap>
              <Tag color="cyan">{course.category}</Tag>
              {course.priceFen === 0 && <Tag color="green">免费</Tag>}
            </Space>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {course.title}
            </Typography.Title>
            <div className={styles.meta} style={{ fontSize: 13 }}>
              <span>
                <PlayCircleOutlined /> {course.lessonCount} 课时 · {totalLength(course.durationSec)}
              </span>
              <span>
                <TeamOutlined /> {course.learnerCount} 人在学
              </span>
              {course.rating !== null && (
                <span className={styles.rating}>
                  <StarFilled /> {course.rating.toFixed(1)}（{course.ratingCount} 条评价）
                </span>
              )}
            </div>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
              {course.summary}
            </Typography.Paragraph>
            {!course.enrolment && (
              <div>
                {course.priceFen === 0 ? (
                  <span className={styles.free} style={{ fontSize: 24 }}>
                    免费
                  </span>
                ) : (
                  <span className={styles.price} style={{ fontSize: 26 }}>
                    {yuan(course.priceFen)}
                  </span>
                )}
              </div>
            )}
            <Actions course={course} />
          </Flex>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="课程介绍" style={{ marginBottom: 16 }}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {course.intro}
            </Typography.Paragraph>
          </Card>
          <Card
            title="课程目录"
            extra={
              !course.enrolment && (
                <Typography.Text type="secondary">标有“试看”的课时可免费观看</Typography.Text>
              )
            }
            style={{ marginBottom: 16 }}
            styles={{ body: { padding: 8 } }}
          >
            <LessonList chapters={course.chapters} onOpen={open} />
          </Card>
          <Reviews course={course} />
          {course.enrolment && feedback?.(course.id)}
        </Col>
        <Col xs={24} lg={8}>
          <Card title="主讲专家">
            <Flex gap={12} align="center">
              <ExpertAvatar expert={course.expert} size={56} />
              <div style={{ minWidth: 0 }}>
                <Link to={`/experts/detail?id=${course.expert.id}`}>
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {course.expert.name}
                  </Typography.Title>
                </Link>
                <Typography.Text type="secondary">{course.expert.title}</Typography.Text>
              </div>
            </Flex>
            <Space style={{ marginTop: 16 }} wrap>
              <Button onClick={() => navigate(`/experts/detail?id=${course.expert.id}`)}>专家主页</Button>
              <Button
                type="primary"
                ghost
                icon={<CalendarOutlined />}
                onClick={() => navigate(`/experts/detail?id=${course.expert.id}`)}
              >
                预约咨询
              </Button>
            </Space>
          </Card>
          {!course.enrolment && course.pendingOrderId && (
            <Alert
              style={{ marginTop: 16 }}
              type="warning"
              showIcon
              title="您有一笔该课程的待支付订单"
              description="点击“继续支付”完成购买，超时未支付的订单会自动取消。"
            />
          )}
        </Col>
      </Row>
      {trial && <TrialModal courseId={course.id} lesson={trial} onClose={() => setTrial(null)} />}
    </div>
  );
}
