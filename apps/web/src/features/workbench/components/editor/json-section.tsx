import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Def } from './editor-state';
import styles from './editor.module.css';

/**
 * The whole definition as JSON, for what the forms do not cover (notes, ratios, conditions by
 * option position, showIf on other fields). Mounted afresh each time the tab opens, so it
 * starts from the current state.
 */
export function JsonSection({
  def,
  onApply,
  readOnly,
}: {
  def: Def;
  onApply: (d: Def) => void;
  readOnly: boolean;
}) {
  const initial = JSON.stringify(def, null, 2);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      setError(`JSON 格式有误：${(e as Error).message}`);
      return;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setError('量表定义应为一个 JSON 对象');
      return;
    }
    setError(null);
    // The shape is checked by the same schema as everything else; problems show in the list above.
    onApply(parsed as Def);
  };

  return (
    <div>
      <Typography.Paragraph type="secondary">
        完整的量表定义，格式见平台文档“量表定义格式”。修改后点击“应用修改”，表单各页会同步更新；保存前会按服务器同样的规则检查。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Input.TextArea
        className={styles.json}
        value={text}
        spellCheck={false}
        autoSize={{ minRows: 16, maxRows: 40 }}
        aria-label="量表定义 JSON"
        readOnly={readOnly}
        onChange={(e) => setText(e.target.value)}
      />
      {!readOnly && (
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" disabled={text === initial} onClick={apply}>
            应用修改
          </Button>
          <Button disabled={text === initial} onClick={() => (setText(initial), setError(null))}>
            撤销
          </Button>
        </Space>
      )}
    </div>
  );
}
