import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Tooltip, Typography } from 'antd';
import { nextKey, optionTemplates, type EditorState } from './editor-state';
import styles from './editor.module.css';
import { OptionsEditor } from './options-editor';
import { SectionNote } from './section-note';

interface Props {
  state: EditorState;
  onChange: (fn: (s: EditorState) => EditorState) => void;
}

/** Shared option lists: most scales give every item the same answers. */
export function OptionSetsSection({ state, onChange }: Props) {
  const sets = state.def.optionSets ?? [];
  const usage = (key: string) => state.def.items.filter((i) => i.optionSet === key).length;
  const setSets = (next: typeof sets) => onChange((s) => ({ ...s, def: { ...s.def, optionSets: next } }));

  const add = (templateIndex: number) => {
    const key = nextKey('set', sets);
    setSets([...sets, { key, options: optionTemplates[templateIndex]!.options.map((o) => ({ ...o })) }]);
  };

  return (
    <div>
      <SectionNote text="选项组可被多道题共用；分值用于计分。反向计分的题目会把分值顺序倒过来，无需另建选项组。" />
      {sets.length === 0 && <Empty description="还没有选项组，可以从模板添加" />}
      {sets.map((set, i) => {
        const used = usage(set.key);
        return (
          <div key={set.key} className={styles.row}>
            <div className={styles.rowHead}>
              <span className={styles.num}>{i + 1}</span>
              <span className={styles.grow}>
                <Typography.Text strong>选项组 {i + 1}</Typography.Text>{' '}
                <span className={styles.key}>{set.key}</span>{' '}
                <Typography.Text type="secondary">· {used ? `${used}道题使用` : '未被使用'}</Typography.Text>
              </span>
              <Tooltip title={used ? '仍有题目使用这个选项组，请先为这些题目换用其他选项' : ''}>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label="删除选项组"
                  disabled={used > 0}
                  onClick={() => setSets(sets.filter((_, j) => j !== i))}
                />
              </Tooltip>
            </div>
            <OptionsEditor
              options={set.options}
              onChange={(options) => setSets(sets.map((x, j) => (j === i ? { ...x, options } : x)))}
            />
          </div>
        );
      })}
      <Dropdown
        menu={{
          items: optionTemplates.map((t, i) => ({ key: String(i), label: t.name })),
          onClick: ({ key }) => add(Number(key)),
        }}
      >
        <Button type="dashed" icon={<PlusOutlined />} disabled={sets.length >= 20}>
          添加选项组
        </Button>
      </Dropdown>
    </div>
  );
}
