import { SafetyCertificateOutlined } from '@ant-design/icons';
import { COURSE_REFUND_DAYS, COURSE_REFUND_MAX_PERCENT } from '@psy/contracts';
import { Button, Card, Descriptions, Flex, Result, Steps, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, idParam, queryStates } from '../../../components/page-states';
import { yuan } from '../../../lib/format';
import { usePayOrder } from '../../../lib/pay-order';
import { useBuyCourse, useCourseDetail } from '../api/learning';
import { CourseCover } from '../components/course-cover';
import { totalLength } from '../components/format';

/** 购买课程 (/course/pay?id=): what is bought and for how much, then the cashier (free: joined at once). */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const navigate = useNavigate();
  const query = useCourseDetail(id);
  const buy = useBuyCourse(id);
  const pay = usePayOrder();
  const state = queryStates(query, {
    missing: !id,
    notFoundStatuses: [404, 400],
    notFound: { title: '课程不存在或已下架', back: { to: '/app/course', label: '课程学习' } },
    failed: '课程加载失败',
    skeleton: <CardSkeleton rows={8} />,
  });
  const course = query.data;
  if (state || !course)
    return (
      <div className="page-container" style={{ maxWidth: 760 }}>
        {state?.view}
      </div>
    );

  const confirm = () =>
    buy.mutate(undefined, {
      onSuccess: (r) => {
        if (r.joined) navigate(`/user/course?courseId=${id}`);
        else if (r.orderId) pay.mutate(r.orderId);
      },
    });

  return (
    <div className="page-container" style={{ maxWidth: 760 }}>
      <Card>
        <Steps
          current={course.enrolment ? 2 : 1}
          size="small"
          titlePlacement="vertical"
          responsive={false}
          items={[{ title: '选择课程' }, { title: '确认支付' }, { title: '开始学习' }]}
          style={{ marginBottom: 24 }}
        />
        {course.enrolment ? (
          <Result
            status="success"
            title="您已拥有这门课程"
            extra={
              <Button type="primary" onClick={() => navigate(`/user/course?courseId=${id}`)}>
                开始学习
              </Button>
            }
          />
        ) : (
          <>
            <Flex gap={16} wrap>
              <div style={{ width: 220, maxWidth: '100%' }}>
                <CourseCover id={course.id} title={course.title} url={course.coverUrl} />
              </div>
              <Descriptions column={1} size="small" style={{ flex: 1, minWidth: 240 }}>
                <Descriptions.Item label="课程">{course.title}</Descriptions.Item>
                <Descriptions.Item label="主讲">
                  {course.expert.name} · {course.expert.title}
                </Descriptions.Item>
                <Descriptions.Item label="内容">
                  {course.lessonCount} 课时 · {totalLength(course.durationSec)}
                </Descriptions.Item>
              </Descriptions>
            </Flex>
            <Flex
              justify="space-between"
              align="center"
              wrap
              gap={16}
              style={{ marginTop: 16, paddingTop: 16, borderTop: '1px solid #f0f0f0' }}
            >
              <div>
                <Typography.Text>应付金额 </Typography.Text>
                <Typography.Text strong style={{ fontSize: 26, color: '#cf1322' }}>
                  {course.priceFen === 0 ? '免费' : yuan(course.priceFen)}
                </Typography.Text>
              </div>
              <Button type="primary" size="large" loading={buy.isPending || pay.isPending} onClick={confirm}>
                {course.priceFen === 0 ? '免费加入' : course.pendingOrderId ? '继续支付' : '提交订单并支付'}
              </Button>
            </Flex>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              <SafetyCertificateOutlined /> 购买后可永久学习，进度多端同步；{COURSE_REFUND_DAYS}{' '}
              天内且学习进度不足 {COURSE_REFUND_MAX_PERCENT}% 可申请全额退款。
            </Typography.Paragraph>
          </>
        )}
      </Card>
    </div>
  );
}
