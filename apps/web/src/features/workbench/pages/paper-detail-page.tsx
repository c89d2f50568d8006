import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { scaleCategoriesQuery, useScaleDraft } from '../api/scales';
import { ScaleEditor } from '../components/editor/scale-editor';
import { CardSkeleton, idParam, LoadError } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';

/** 量表详情 (/expert/paper/detail?id=): the editor; without an id it starts a new scale. */
export function Component() {
  const [search] = useSearchParams();
  const id = idParam(search);
  const draft = useScaleDraft(id);
  const categories = useQuery(scaleCategoriesQuery).data ?? [];
  // A scale created here keeps its editor (same key) when the URL takes its new id.
  const [created, setCreated] = useState<number | null>(null);
  const continuing = id > 0 && id === created;

  let body;
  if (!id || (continuing && draft.isPending))
    body = <ScaleEditor key="new" draft={null} categories={categories} onCreated={setCreated} />;
  else if (draft.isPending) body = <CardSkeleton rows={12} />;
  else if (draft.isError)
    body = <LoadError error={draft.error} what="量表" onRetry={() => void draft.refetch()} />;
  else body = <ScaleEditor key={continuing ? 'new' : id} draft={draft.data} categories={categories} />;
  return <WorkbenchLayout>{body}</WorkbenchLayout>;
}
