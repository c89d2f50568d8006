import { PhoneOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useAssessmentResult } from '../api/result';
import { CrisisPanel } from './crisis-panel';
import { flowPaths, withAid } from './flow';
import { PartResultCard } from './part-result-card';
import { ReportAccessCard } from './report-access-card';
import styles from './assessments.module.css';
import { NETWORK_HINT } from '../../../components/page-states';
import { FlowSkeleton, missingOrFailed } from './states';

/** 测评结果: the free summary of a finished assessment (/test/pay and /user/paper/detail). */
export function ResultView({ id }: { id: number }) {
  const query = useAssessmentResult(id);
  if (query.isError && query.error instanceof ApiError && query.error.status === 409) {
    return (
      <Result
        status="info"
        title="这次测评还没有完成"
        subTitle="答完全部题目并提交后，就能看到结果了。"
        extra={
          <Link to={withAid(flowPaths.steps, id)}>
            <Button type="primary">继续测评</Button>
          </Link>
        }
      />
    );
  }
  const state = missingOrFailed(query, id, {
    title: '没有找到这次测评',
    back: { to: '/user/paper/list', label: '查看我的测评' },
    failed: '结果加载失败',
    failedSub: NETWORK_HINT,
    statuses: [404, 403],
  });
  if (state) return state;
  const result = query.data;
  if (!result) return <FlowSkeleton />;

  const twelve = result.hotlines[0];
  return (
    <div className={styles.flow} style={{ maxWidth: 880 }}>
      {result.crisis && <CrisisPanel hotlines={result.hotlines} />}
      <div className={styles.flowTitle}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {result.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          完成于 {formatDateTime(result.submittedAt)}
          {result.durationSeconds > 0 && ` · 用时 ${formatDuration(result.durationSeconds)}`}
        </Typography.Text>
      </div>
      {result.parts.map((p) => (
        <PartResultCard key={`${p.shortName}-${p.scaleName}`} part={p} full={result.full} />
      ))}
      <ReportAccessCard result={result} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16 }}>
        说明：测评结果基于自评量表，仅供了解自身状态参考，不能替代专业诊断。如果困扰持续或加重，建议寻求专业帮助。
        {!result.crisis && twelve && (
          <>
            {' '}
            想找人聊聊？可拨打{twelve.name}{' '}
            <a href={`tel:${twelve.number}`}>
              <PhoneOutlined /> {twelve.number}
            </a>
            （{twelve.note}）。
          </>
        )}
      </Typography.Paragraph>
      <Flex gap={12} wrap justify="center" style={{ marginTop: 8 }}>
        <Link to="/user/paper/list">
          <Button>我的测评</Button>
        </Link>
        <Link to="/app/website">
          <Button>返回测评中心</Button>
        </Link>
      </Flex>
    </div>
  );
}
