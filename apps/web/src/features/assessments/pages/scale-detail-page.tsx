import {
  ClockCircleOutlined,
  FileTextOutlined,
  LockOutlined,
  SaveOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { CardSkeleton } from '../../../components/page-states';
import { Link, useSearchParams } from 'react-router';
import { useScaleDetail } from '../api/catalog';
import { useUnfinishedAssessments } from '../api/taking';
import { idParam } from '../components/flow';
import { yuan } from '../../../lib/format';
import { useStartAndGo } from '../components/use-start';
import styles from '../components/assessments.module.css';
import { missingOrFailed } from '../components/states';

/** 量表详情 (/test/detail?id=): what the scale asks, how long it takes, what the report costs. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const query = useScaleDetail(id);
  const scale = query.data;
  const starter = useStartAndGo();
  const mine = useUnfinishedAssessments(starter.signedIn);
  // The list names assessments by title; a single scale's title is the scale's name.
  const unfinished = mine.data?.some((a) => a.kind === 'scale' && a.title === scale?.name);

  const state = missingOrFailed(query, id, {
    title: '量表不存在或已下线',
    back: { to: '/test/list', label: '看看其他量表' },
    failed: '量表加载失败',
  });
  if (state) return state;

  return (
    <div className="page-container">
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[
          { title: <Link to="/app/website">测评中心</Link> },
          { title: <Link to="/test/list">量表测评</Link> },
          { title: scale?.shortName ?? '量表详情' },
        ]}
      />
      {!scale ? (
        <CardSkeleton rows={8} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={16}>
            <Card className={styles.flowCard}>
              <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 8 }}>
                {scale.name}
              </Typography.Title>
              <div style={{ marginBottom: 16 }}>
                <Tag color="cyan">{scale.shortName}</Tag>
                <Tag>{scale.category}</Tag>
                {scale.builtin && <Tag color="blue">标准量表</Tag>}
              </div>
              <Typography.Paragraph className={styles.prose}>{scale.intro}</Typography.Paragraph>
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                size="small"
                items={[
                  { key: 'items', label: '题目数量', children: `${scale.itemCount} 题` },
                  { key: 'min', label: '预计用时', children: `约 ${scale.estimatedMinutes} 分钟` },
                  { key: 'time', label: '评估时段', children: scale.timeframe || '—' },
                  { key: 'taken', label: '已测人数', children: `${scale.takenCount} 人` },
                  ...(scale.source
                    ? [{ key: 'src', label: '量表来源', children: scale.source, span: 2 }]
                    : []),
                  ...(scale.authorName
                    ? [{ key: 'author', label: '编制专家', children: scale.authorName }]
                    : []),
                ]}
              />
              {scale.instructions && (
                <>
                  <Typography.Title level={5} style={{ marginTop: 20 }}>
                    指导语
                  </Typography.Title>
                  <Typography.Paragraph type="secondary" className={styles.prose}>
                    {scale.instructions}
                  </Typography.Paragraph>
                </>
              )}
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card className={styles.flowCard}>
              <div className={styles.facts} style={{ display: 'grid', gap: 8, marginBottom: 16 }}>
                <span>
                  <FileTextOutlined /> {scale.itemCount} 道题 · <ClockCircleOutlined /> 约{' '}
                  {scale.estimatedMinutes} 分钟
                </span>
                <span>
                  <TeamOutlined /> {scale.takenCount} 人已完成
                </span>
                <span>
                  <SaveOutlined /> 答案自动保存，可随时中断后继续
                </span>
              </div>
              <div className={styles.locked} style={{ marginBottom: 16 }}>
                <div>
                  <strong>免费</strong> 查看得分与结果等级
                </div>
                <div style={{ marginTop: 4 }}>
                  <LockOutlined /> 完整报告（解读与建议、PDF）
                  {scale.priceFen > 0 ? (
                    <strong className={styles.price}> {yuan(scale.priceFen)}</strong>
                  ) : (
                    <strong className={styles.priceFree}> 免费</strong>
                  )}
                </div>
              </div>
              <Button
                type="primary"
                size="large"
                block
                loading={starter.pending}
                onClick={() => starter.go({ scaleId: scale.id })}
              >
                {unfinished ? '继续测评' : '开始测评'}
              </Button>
              {!starter.signedIn && (
                <Typography.Paragraph
                  type="secondary"
                  style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}
                >
                  登录后即可开始，测评记录会保存在“我的测评”中
                </Typography.Paragraph>
              )}
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
