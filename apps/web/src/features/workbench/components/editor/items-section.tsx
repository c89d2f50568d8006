import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  SnippetsOutlined,
} from '@ant-design/icons';
import { Button, Checkbox, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { renumberReferences, type EditorState, type ItemInput } from './editor-state';
import styles from './editor.module.css';
import { OptionsEditor } from './options-editor';

interface Props {
  state: EditorState;
  onChange: (fn: (s: EditorState) => EditorState) => void;
}

const OWN = '__own__';
type Audience = 'all' | 'female' | 'male' | 'custom';

function audienceOf(item: ItemInput): Audience {
  if (!item.showIf) return 'all';
  if (item.showIf.field === 'gender' && (item.showIf.equals === 'female' || item.showIf.equals === 'male'))
    return item.showIf.equals;
  return 'custom';
}

/** The items, numbered 1..n; moving or removing one renumbers every rule that names an item. */
export function ItemsSection({ state, onChange }: Props) {
  const { def } = state;
  const sets = def.optionSets ?? [];
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkText, setBulkText] = useState('');

  const setItem = (i: number, patch: Partial<ItemInput>) =>
    onChange((s) => ({
      ...s,
      def: { ...s.def, items: s.def.items.map((it, j) => (j === i ? { ...it, ...patch } : it)) },
    }));

  const defaultSet = () => def.items.at(-1)?.optionSet ?? sets[0]?.key;

  const append = (texts: string[]) =>
    onChange((s) => {
      const start = s.def.items.length;
      const optionSet = defaultSet();
      const added: ItemInput[] = texts.map((text, k) =>
        optionSet
          ? { number: start + k + 1, text, optionSet }
          : {
              number: start + k + 1,
              text,
              options: [
                { label: '是', value: 1 },
                { label: '否', value: 0 },
              ],
            },
      );
      return { ...s, def: { ...s.def, items: [...s.def.items, ...added] } };
    });

  const move = (i: number, to: number) =>
    onChange((s) => {
      const items = [...s.def.items];
      const [it] = items.splice(i, 1);
      items.splice(to, 0, it!);
      const a = i + 1;
      const b = to + 1;
      const renumbered = renumberReferences(s.def, (n) => (n === a ? b : n === b ? a : n));
      return { ...s, def: { ...renumbered, items: items.map((x, k) => ({ ...x, number: k + 1 })) } };
    });

  const remove = (i: number) =>
    onChange((s) => {
      const gone = i + 1;
      const renumbered = renumberReferences(s.def, (n) => (n === gone ? null : n > gone ? n - 1 : n));
      const items = s.def.items.filter((_, k) => k !== i).map((x, k) => ({ ...x, number: k + 1 }));
      return { ...s, def: { ...renumbered, items } };
    });

  const setOptions = (i: number, value: string) => {
    const item = def.items[i]!;
    if (value === OWN) {
      const from = sets.find((x) => x.key === item.optionSet)?.options ?? [
        { label: '是', value: 1 },
        { label: '否', value: 0 },
      ];
      setItem(i, { optionSet: undefined, options: from.map((o) => ({ ...o })) });
    } else setItem(i, { optionSet: value, options: undefined });
  };

  const setAudience = (i: number, a: Audience) => {
    if (a === 'custom') return;
    setItem(i, { showIf: a === 'all' ? undefined : { field: 'gender', equals: a } });
  };

  const setOptionsLabel = (key: string, i: number) => {
    const set = sets[i]!;
    return { value: key, label: `选项组${i + 1}：${set.options.map((o) => o.label).join(' / ')}` };
  };

  return (
    <div>
      {def.items.map((item, i) => {
        const audience = audienceOf(item);
        return (
          <div key={i} className={styles.row} data-testid={`item-${i + 1}`}>
            <div className={styles.rowHead}>
              <span className={styles.num}>{item.number}</span>
              <span className={styles.grow}>
                <Typography.Text type="secondary">第{item.number}题</Typography.Text>
              </span>
              <Space.Compact>
                <Button
                  icon={<ArrowUpOutlined />}
                  aria-label="上移"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  icon={<ArrowDownOutlined />}
                  aria-label="下移"
                  disabled={i === def.items.length - 1}
                  onClick={() => move(i, i + 1)}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label="删除题目"
                  disabled={def.items.length <= 1}
                  onClick={() => remove(i)}
                />
              </Space.Compact>
            </div>
            <Input.TextArea
              value={item.text}
              maxLength={300}
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder="题目内容"
              aria-label={`第${item.number}题题干`}
              onChange={(e) => setItem(i, { text: e.target.value })}
            />
            <div className={styles.inline} style={{ marginTop: 8 }}>
              <Select
                value={item.options ? OWN : item.optionSet}
                style={{ minWidth: 200, flex: 1, maxWidth: 420 }}
                aria-label="选项"
                options={[
                  ...sets.map((x, k) => setOptionsLabel(x.key, k)),
                  { value: OWN, label: '本题自带选项' },
                ]}
                onChange={(v: string) => setOptions(i, v)}
              />
              <Select<Audience>
                value={audience}
                style={{ width: 130 }}
                aria-label="显示条件"
                options={[
                  { value: 'all', label: '所有人作答' },
                  { value: 'female', label: '仅女性作答' },
                  { value: 'male', label: '仅男性作答' },
                  ...(audience === 'custom'
                    ? [{ value: 'custom' as const, label: '自定义条件', disabled: true }]
                    : []),
                ]}
                onChange={(a) => setAudience(i, a)}
              />
              <Checkbox
                checked={!!item.reverse}
                onChange={(e) => setItem(i, { reverse: e.target.checked || undefined })}
              >
                反向计分
              </Checkbox>
            </div>
            {item.options && (
              <div style={{ marginTop: 10 }}>
                <OptionsEditor options={item.options} onChange={(options) => setItem(i, { options })} />
              </div>
            )}
          </div>
        );
      })}
      <Space wrap>
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={def.items.length >= 300}
          onClick={() => append([''])}
        >
          添加题目
        </Button>
        <Button icon={<SnippetsOutlined />} onClick={() => setBulkOpen(true)}>
          批量添加
        </Button>
      </Space>
      <Modal
        title="批量添加题目"
        open={bulkOpen}
        okText="添加"
        onCancel={() => setBulkOpen(false)}
        okButtonProps={{ disabled: !bulkText.trim() }}
        onOk={() => {
          const lines = bulkText
            .split('\n')
            .map((l) => l.replace(/^\s*\d+[.、．)]\s*/, '').trim())
            .filter(Boolean);
          append(lines.slice(0, 300 - def.items.length));
          setBulkText('');
          setBulkOpen(false);
        }}
      >
        <Typography.Paragraph type="secondary">
          每行一道题，行首的题号（如“1.”“2、”）会自动去掉；新题使用最后一道题的选项组。
        </Typography.Paragraph>
        <Input.TextArea
          value={bulkText}
          autoSize={{ minRows: 8, maxRows: 16 }}
          placeholder={'1. 我感到紧张\n2. 我很难集中注意力'}
          onChange={(e) => setBulkText(e.target.value)}
        />
      </Modal>
    </div>
  );
}
