import {
  EnvironmentOutlined,
  LeftOutlined,
  MessageOutlined,
  RightOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { consultModeLabels, type Slot } from '@psy/contracts';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, LoadFailed, queryStates } from '../../../components/page-states';
import { usePageMeta } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useBeginChat } from '../../../lib/begin-chat';
import { useExpertDetail, useFreeSlots } from '../api/expert-detail';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { ExpertRating } from '../components/expert-rating';
import styles from '../components/experts.module.css';
import { shanghai, slotRange, yuan } from '../../../lib/format';
import { IntakeModal } from '../components/intake-modal';
import { SlotPicker } from '../components/slot-picker';

/** The detail answer holds two weeks of free slots; the weekly openings are published four weeks ahead. */
const WINDOW_DAYS = 14;
const WINDOWS = 2;

/**
 * 专家详情 (/experts/detail?id=): profile, free slots to pick from, 在线咨询 and 立即预约.
 * `feed` (the expert's tweets) goes under the booking card and `below` (feedback, courses) under
 * the profile: other features' views, placed by the app layer;
 * the route itself is composed in app/routes/expert-detail-page.tsx.
 */
export function ExpertDetailPage({
  feed,
  below,
}: {
  feed?: (expertId: number) => ReactNode;
  below?: (expertId: number) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const me = useSession((s) => s.userInfo);
  const query = useExpertDetail(id);
  const expert = query.data;
  const [windowIndex, setWindowIndex] = useState(0);
  const [selected, setSelected] = useState<Slot | null>(null);
  const [intakeOpen, setIntakeOpen] = useState(false);
  const chat = useBeginChat();
  const pickerRef = useRef<HTMLDivElement>(null);

  const start = shanghai()
    .startOf('day')
    .add(windowIndex * WINDOW_DAYS, 'day');
  const later = useFreeSlots(id, start.format(), start.add(WINDOW_DAYS, 'day').format(), windowIndex > 0);
  const slots = windowIndex === 0 ? (expert?.slots ?? []) : (later.data ?? []);
  const slotsPending = windowIndex > 0 && later.isPending;
  // A slot taken by someone else meanwhile disappears from the refreshed list of its fortnight;
  // a choice made in the other fortnight stays chosen while the person looks around.
  const inWindow = (iso: string) =>
    !shanghai(iso).isBefore(start) && shanghai(iso).isBefore(start.add(WINDOW_DAYS, 'day'));
  const chosen =
    selected && (slotsPending || !inWindow(selected.startsAt) || slots.some((s) => s.id === selected.id))
      ? selected
      : null;
  const own = me?.id === id;
  usePageMeta(
    expert && {
      title: `${expert.name} · ${expert.title}`,
      description: expert.specialties.length ? `擅长${expert.specialties.join('、')}` : expert.introduction,
    },
  );

  const state = queryStates(query, {
    missing: !id,
    notFound: {
      title: '专家不存在',
      subTitle: '该专家可能已停止接受预约',
      back: { to: '/app/expert', label: '浏览其他专家' },
    },
    failed: '专家信息加载失败',
    skeleton: (
      <>
        <CardSkeleton avatar={{ size: 96 }} rows={4} />
        <Card style={{ marginTop: 16 }}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </>
    ),
  });
  if (state || !expert) return <div className="page-container">{state?.view}</div>;

  const book = () => {
    if (!token) {
      navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
      return;
    }
    if (!chosen) {
      toast.warning('请先选择预约时间');
      pickerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setIntakeOpen(true);
  };

  return (
    <div className="page-container">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card>
            <Flex gap={20} wrap align="flex-start">
              <ExpertAvatar expert={expert} size={96} />
              <div style={{ flex: 1, minWidth: 200 }}>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {expert.name}
                </Typography.Title>
                <Typography.Text type="secondary">{expert.title}</Typography.Text>
                <div className={styles.meta} style={{ fontSize: 14, marginTop: 8 }}>
                  <ExpertRating rating={expert.rating} count={expert.ratingCount} />
                  <span>从业 {expert.yearsOfPractice} 年</span>
                  <span>单次 {expert.sessionMinutes} 分钟</span>
                </div>
                {expert.institution && (
                  <div style={{ marginTop: 8 }}>
                    <Link to={`/department/detail?id=${expert.institution.id}`}>
                      <EnvironmentOutlined /> {expert.institution.name}
                    </Link>
                  </div>
                )}
                <div style={{ marginTop: 10 }}>
                  {expert.modes.map((m) => (
                    <Tag key={m} color={m === 'online' ? 'blue' : 'gold'}>
                      {consultModeLabels[m]}咨询
                    </Tag>
                  ))}
                </div>
              </div>
              <Flex vertical gap={10} align="flex-end" className={styles.detailActions}>
                <div>
                  <span className={styles.price} style={{ fontSize: 26 }}>
                    {yuan(expert.priceFen)}
                  </span>
                  <Typography.Text type="secondary"> / 次</Typography.Text>
                </div>
                <Space wrap>
                  {!own && (
                    <Button
                      icon={<MessageOutlined />}
                      loading={chat.isPending}
                      onClick={() => chat.start(expert.id)}
                    >
                      在线咨询
                    </Button>
                  )}
                  <Button
                    type="primary"
                    onClick={book}
                    disabled={own}
                    title={own ? '不能预约自己的时段' : undefined}
                  >
                    立即预约
                  </Button>
                </Space>
              </Flex>
            </Flex>
          </Card>

          <Card
            ref={pickerRef}
            style={{ marginTop: 16 }}
            title="选择预约时间"
            extra={
              <Space size={4}>
                <Button
                  size="small"
                  icon={<LeftOutlined />}
                  disabled={windowIndex === 0}
                  onClick={() => setWindowIndex((w) => w - 1)}
                  aria-label="前两周"
                />
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {start.format('M月D日')}–{start.add(WINDOW_DAYS - 1, 'day').format('M月D日')}
                </Typography.Text>
                <Button
                  size="small"
                  icon={<RightOutlined />}
                  disabled={windowIndex >= WINDOWS - 1}
                  onClick={() => setWindowIndex((w) => w + 1)}
                  aria-label="后两周"
                />
              </Space>
            }
          >
            {slotsPending ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : later.isError && windowIndex > 0 ? (
              <LoadFailed title="时段加载失败" onRetry={() => void later.refetch()} />
            ) : slots.length === 0 ? (
              <Empty description="这段时间暂无可预约时段，可以看看其他日期，或先在线咨询" />
            ) : (
              <SlotPicker
                start={start}
                days={WINDOW_DAYS}
                slots={slots}
                selectedId={chosen?.id ?? null}
                onSelect={setSelected}
              />
            )}
            <Flex justify="space-between" align="center" gap={12} wrap className={styles.pickBar}>
              <div>
                {chosen ? (
                  <>
                    <Typography.Text type="secondary">已选：</Typography.Text>
                    <Typography.Text strong>
                      {slotRange(chosen.startsAt, chosen.endsAt)} · {consultModeLabels[chosen.mode]}
                    </Typography.Text>
                  </>
                ) : (
                  <Typography.Text type="secondary">时间均为北京时间，点击时段即可选择</Typography.Text>
                )}
              </div>
              <Button type="primary" onClick={book} disabled={own || !chosen}>
                立即预约
              </Button>
            </Flex>
          </Card>
          {feed?.(expert.id)}
        </Col>

        <Col xs={24} lg={8}>
          <Card title="个人介绍">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {expert.introduction}
            </Typography.Paragraph>
          </Card>
          <Card title="擅长领域" style={{ marginTop: 16 }}>
            {expert.specialties.map((s) => (
              <Tag key={s} color="cyan" style={{ marginBottom: 6 }}>
                {s}
              </Tag>
            ))}
          </Card>
          {expert.qualifications.length > 0 && (
            <Card title="资质认证" style={{ marginTop: 16 }}>
              <ul className={styles.quals}>
                {expert.qualifications.map((q) => (
                  <li key={q}>
                    <SafetyCertificateOutlined style={{ color: '#13a8a8' }} /> {q}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {expert.address && expert.modes.includes('offline') && (
            <Card title="线下咨询地址" style={{ marginTop: 16 }}>
              <EnvironmentOutlined /> {expert.address}
            </Card>
          )}
        </Col>
      </Row>
      {below?.(expert.id)}
      <IntakeModal expert={expert} slot={chosen} open={intakeOpen} onClose={() => setIntakeOpen(false)} />
    </div>
  );
}
