import { Col, Empty, Row, Typography } from 'antd';
import { usePlanList } from '../api/catalog';
import { PlanCard } from '../components/cards';
import { CardGridSkeleton, LoadError } from '../components/states';

/** 测评方案 (/combit/list): several scales taken in one sitting, with guidance and one consent. */
export function Component() {
  const { data, isPending, isError, refetch } = usePlanList();
  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        测评方案
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        测评方案由专业人员组合多个量表而成，一次完成，适合普查与综合评估。
      </Typography.Paragraph>
      {isPending ? (
        <CardGridSkeleton count={4} lg={12} />
      ) : isError ? (
        <LoadError title="测评方案加载失败" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Empty style={{ padding: '48px 0' }} description="暂无测评方案，可以先在“量表测评”中选择单个量表" />
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((p) => (
            <Col key={p.id} xs={24} md={12}>
              <PlanCard plan={p} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
