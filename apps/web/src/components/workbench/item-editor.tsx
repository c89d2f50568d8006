import { Form } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, idParam, queryStates } from '../page-states';

/** The item's number in the URL of an editor page (`?id=`), 0 for a new one. */
export function useEditorId(): number {
  const [params] = useSearchParams();
  return idParam(params);
}

/**
 * A workbench editor page of one item (资讯, 动态; `?id=`, new without one): the item's load
 * states (an existing item only), the form filled from the item once it has loaded, and
 * `persist`, which validates the form, saves it and, for a new item, moves the URL to the saved
 * one. `persist` answers the saved id, or null when the form is not valid (`onInvalid`) or the
 * save failed (which shows its own error).
 */
export function useItemEditor<V, T>(opts: {
  id: number;
  query: { data?: T; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  save: (values: V) => Promise<{ id: number }>;
  /** The form's values for a loaded item (a function declared once, outside the page). */
  values: (item: T) => V;
  /** The editor's own path, for a new item's URL. */
  path: string;
  notFound: { title: string; back: { to: string; label: string } };
  failed: string;
  skeletonRows: number;
  onInvalid?: () => void;
}) {
  const { id, query, values } = opts;
  const navigate = useNavigate();
  const [form] = Form.useForm<V>();
  const item = query.data;

  useEffect(() => {
    if (item) form.setFieldsValue(values(item) as Parameters<typeof form.setFieldsValue>[0]);
  }, [item, form, values]);

  const state: { view: ReactNode; loading: boolean } | null =
    id > 0
      ? queryStates(query, {
          notFound: opts.notFound,
          failed: opts.failed,
          skeleton: <CardSkeleton rows={opts.skeletonRows} />,
        })
      : null;

  async function persist(): Promise<number | null> {
    let v: V;
    try {
      v = await form.validateFields();
    } catch {
      opts.onInvalid?.();
      return null;
    }
    const saved = await opts.save(v).catch(() => null);
    if (!saved) return null;
    if (id === 0) navigate(`${opts.path}?id=${saved.id}`, { replace: true });
    return saved.id;
  }

  return { form, item, state, persist };
}
