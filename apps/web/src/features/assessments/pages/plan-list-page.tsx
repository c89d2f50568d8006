import { Typography } from 'antd';
import { usePlanList } from '../api/catalog';
import { PlanCard } from '../components/cards';
import { WideCards } from '../components/states';

/** 测评方案 (/combit/list): several scales taken in one sitting, with guidance and one consent. */
export function Component() {
  const query = usePlanList();
  return (
    <div className="page-container">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        测评方案
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        测评方案由专业人员组合多个量表而成，一次完成，适合普查与综合评估。
      </Typography.Paragraph>
      <WideCards
        query={query}
        list={query.data ?? []}
        failed="测评方案加载失败"
        empty="暂无测评方案，可以先在“量表测评”中选择单个量表"
      >
        {(p) => <PlanCard plan={p} />}
      </WideCards>
    </div>
  );
}
