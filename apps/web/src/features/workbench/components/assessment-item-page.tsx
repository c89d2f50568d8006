import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { idParam, LoadedItem } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { type ExpertAssessment, useExpertAssessment } from '../api/assessments';

/**
 * A workbench page about one assessment opened by `?id=` (报告详情, 测评详情): its load states
 * (「<what>不存在」, 加载失败, a skeleton of `rows`), then `children` with the assessment.
 */
export function AssessmentItemPage({
  what,
  rows,
  children,
}: {
  what: string;
  rows: number;
  children: (data: ExpertAssessment) => ReactNode;
}) {
  const [search] = useSearchParams();
  const id = idParam(search);
  const query = useExpertAssessment(id);

  return (
    <WorkbenchLayout>
      <LoadedItem query={query} id={id} what={what} rows={rows}>
        {children}
      </LoadedItem>
    </WorkbenchLayout>
  );
}
