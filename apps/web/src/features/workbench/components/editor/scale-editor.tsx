import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Col, ConfigProvider, Modal, Popconfirm, Row, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast';
import { useSaveScale, useSubmitScale, type ScaleDraft } from '../../api/scales';
import { ScaleStatusTag } from '../../../../components/status-tags';
import { WorkbenchHead } from '../../../../components/workbench/workbench-shell';
import { AlertsSection } from './alerts-section';
import { BasicSection } from './basic-section';
import { DimensionsSection } from './dimensions-section';
import {
  bodyOf,
  newScaleState,
  stableJson,
  stateFromDraft,
  validate,
  type EditorState,
  type TabKey,
} from './editor-state';
import styles from './editor.module.css';
import { ItemsSection } from './items-section';
import { JsonSection } from './json-section';
import { OptionSetsSection } from './option-sets-section';
import { PreviewPanel } from './preview-panel';
import { ScoresSection } from './scores-section';

interface Props {
  /** Null for a new scale. */
  draft: ScaleDraft | null;
  categories: string[];
  /** Told the id of a scale this editor has just created, so the page keeps this editor. */
  onCreated?: (id: number) => void;
}

/** The scale editor: forms for every part of a definition, its JSON, and the live preview. */
export function ScaleEditor({ draft, categories, onCreated }: Props) {
  const navigate = useNavigate();
  const [state, setState] = useState<EditorState>(() => (draft ? stateFromDraft(draft) : newScaleState()));
  const [tab, setTab] = useState<TabKey>('basic');
  // A new scale starts incomplete; the list of what is missing waits for the first save.
  const [attempted, setAttempted] = useState(!!draft);
  // The id this editor saved a new scale under: later saves update it, even before the page
  // has loaded it back as `draft`.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const currentId = draft?.id ?? createdId;
  const save = useSaveScale();
  const submit = useSubmitScale();

  const issues = useMemo(() => validate(state), [state]);
  const savedJson = useMemo(() => (draft ? stableJson(bodyOf(stateFromDraft(draft))) : null), [draft]);
  const dirty = stableJson(bodyOf(state)) !== savedJson;
  const readOnly = draft?.status === 'pending_review';
  const busy = save.isPending || submit.isPending;

  // Leaving with unsaved edits asks first (in the app and when closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const saveDraft = async (): Promise<number | null> => {
    const first = issues[0];
    setAttempted(true);
    if (first) {
      setTab(first.tab);
      toast.warning(`请先完善：${first.where}，${first.message}`);
      return null;
    }
    try {
      const r = await save.mutateAsync({ id: currentId, body: bodyOf(state) });
      if (currentId === null) {
        // The same editor goes on with the new scale: what the author types or picks in the
        // preview meanwhile is kept, not replaced when the saved copy loads.
        setCreatedId(r.id);
        onCreated?.(r.id);
        void navigate(`/expert/paper/detail?id=${r.id}`, { replace: true });
      }
      return r.id;
    } catch {
      return null; // the API client has shown the server's message
    }
  };

  const onSave = async () => {
    if ((await saveDraft()) !== null) toast.success(draft ? '草稿已保存' : '量表已保存为草稿');
  };

  const onSubmit = async () => {
    const id = dirty || !draft ? await saveDraft() : draft.id;
    if (id === null) return;
    submit.mutate(id);
  };

  const count = (k: TabKey) => issues.filter((i) => i.tab === k).length;
  const label = (text: string, k: TabKey) => (
    <Badge count={count(k)} size="small" offset={[6, -2]}>
      <span>{text}</span>
    </Badge>
  );
  const sectionProps = { state, onChange: setState };

  const tabs = [
    {
      key: 'basic',
      label: label('基本', 'basic'),
      children: <BasicSection {...sectionProps} isNew={!draft} categories={categories} />,
    },
    { key: 'options', label: label('选项', 'options'), children: <OptionSetsSection {...sectionProps} /> },
    {
      key: 'items',
      label: label(`题目 ${state.def.items.length}`, 'items'),
      children: <ItemsSection {...sectionProps} />,
    },
    {
      key: 'dimensions',
      label: label('维度', 'dimensions'),
      children: <DimensionsSection {...sectionProps} />,
    },
    { key: 'scores', label: label('计分', 'scores'), children: <ScoresSection {...sectionProps} /> },
    { key: 'alerts', label: label('预警', 'alerts'), children: <AlertsSection {...sectionProps} /> },
    {
      key: 'json',
      label: label('JSON', 'json'),
      children: (
        <JsonSection
          def={state.def}
          readOnly={readOnly}
          onApply={(def) => setState((s) => ({ ...s, def }))}
        />
      ),
    },
  ];

  return (
    <>
      <WorkbenchHead
        title={
          <>
            {draft ? state.def.name || '未命名量表' : '新建量表'}{' '}
            {draft && <ScaleStatusTag status={draft.status} />}
          </>
        }
        sub={
          draft
            ? `编码 ${draft.code}${dirty ? ' · 有未保存的修改' : ' · 已保存'}`
            : '右侧的计分预览随编辑实时更新；保存为草稿后即可提交审核'
        }
        extra={
          <>
            <Button
              icon={<SaveOutlined />}
              loading={save.isPending}
              disabled={readOnly || (!!draft && !dirty)}
              onClick={() => void onSave()}
            >
              保存草稿
            </Button>
            <Popconfirm
              title="提交审核"
              description="提交后审核通过前不能修改，确定提交吗？"
              okText="提交"
              cancelText="再看看"
              disabled={readOnly}
              onConfirm={() => void onSubmit()}
            >
              <Button type="primary" icon={<SendOutlined />} loading={submit.isPending} disabled={readOnly}>
                提交审核
              </Button>
            </Popconfirm>
          </>
        }
      />
      {draft?.status === 'rejected' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`审核未通过：${draft.rejectReason ?? '未说明原因'}`}
          description="按意见修改后可以重新提交审核。"
        />
      )}
      {draft?.status === 'pending_review' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="量表正在审核中，审核结束前不能修改；仍可以预览计分。"
        />
      )}
      {draft?.published && draft.status !== 'pending_review' && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            draft.status === 'offline' ? '量表已被管理员下线。' : '量表已发布，用户正在使用已发布的版本。'
          }
          description="在这里的修改保存为新草稿，重新提交并审核通过后才会替换线上版本。"
        />
      )}
      {attempted && issues.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`还有 ${issues.length} 处需要完善，完善后才能保存`}
          description={
            <ul className={styles.issues}>
              {issues.slice(0, 5).map((i, k) => (
                <li key={k}>
                  <a onClick={() => setTab(i.tab)}>{i.where}</a>：{i.message}
                </li>
              ))}
              {issues.length > 5 && <li>……</li>}
            </ul>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card styles={{ body: { paddingTop: 4 } }}>
            <ConfigProvider componentDisabled={readOnly}>
              <Tabs
                activeKey={tab}
                onChange={(k) => setTab(k as TabKey)}
                items={tabs}
                destroyOnHidden
                size="small"
              />
            </ConfigProvider>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <div className={styles.sticky}>
            <PreviewPanel def={state.def} />
          </div>
        </Col>
      </Row>
      <Modal
        open={blocker.state === 'blocked'}
        title="离开此页面？"
        okText="离开"
        cancelText="留下"
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        量表有未保存的修改，离开后这些修改会丢失。
      </Modal>
    </>
  );
}
