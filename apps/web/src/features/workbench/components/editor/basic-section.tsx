import { AutoComplete, Col, Form, Input, InputNumber, Row } from 'antd';
import type { EditorState } from './editor-state';

interface Props {
  state: EditorState;
  onChange: (fn: (s: EditorState) => EditorState) => void;
  isNew: boolean;
  categories: string[];
}

/** Names, catalogue fields and what the respondent reads first. */
export function BasicSection({ state, onChange, isNew, categories }: Props) {
  const { def } = state;
  const setDef = (patch: Partial<EditorState['def']>) =>
    onChange((s) => ({ ...s, def: { ...s.def, ...patch } }));
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item label="量表名称" required>
            <Input
              value={def.name}
              maxLength={60}
              placeholder="如：大学生学习压力量表"
              aria-label="量表名称"
              onChange={(e) => setDef({ name: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={10}>
          <Form.Item label="简称" required>
            <Input
              value={def.shortName}
              maxLength={20}
              placeholder="如：SSS"
              aria-label="简称"
              onChange={(e) => setDef({ shortName: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            label="量表编码"
            required
            tooltip="大写字母开头的2-16位大写字母或数字，全平台唯一，保存后不能修改"
          >
            <Input
              value={def.code}
              maxLength={16}
              disabled={!isNew}
              placeholder="如：SSS01"
              aria-label="量表编码"
              onChange={(e) => setDef({ code: e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, '') })}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="分类" required>
            <AutoComplete
              value={state.category}
              options={categories.map((c) => ({ value: c }))}
              placeholder="如：焦虑、抑郁"
              aria-label="分类"
              onChange={(v: string) => onChange((s) => ({ ...s, category: v }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="完整报告价格（元）" tooltip="0 表示完整报告免费">
            <InputNumber
              value={state.priceFen / 100}
              min={0}
              max={1000}
              precision={2}
              step={1}
              style={{ width: '100%' }}
              onChange={(v) => onChange((s) => ({ ...s, priceFen: Math.round((v ?? 0) * 100) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="评定时间范围" required>
            <Input
              value={def.timeframe}
              aria-label="评定时间范围"
              maxLength={30}
              onChange={(e) => setDef({ timeframe: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label="预计用时（分钟）" required>
            <InputNumber
              value={def.estimatedMinutes}
              min={1}
              max={180}
              precision={0}
              style={{ width: '100%' }}
              onChange={(v) => setDef({ estimatedMinutes: v ?? 1 })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="来源（选填）">
            <Input
              value={def.source ?? ''}
              maxLength={300}
              placeholder="编制者、文献或常模出处"
              onChange={(e) => setDef({ source: e.target.value.trim() ? e.target.value : undefined })}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="指导语" required>
            <Input.TextArea
              value={def.instructions}
              aria-label="指导语"
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={2000}
              onChange={(e) => setDef({ instructions: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="量表简介" required tooltip="显示在测评中心的量表卡片和详情页，至少10个字">
            <Input.TextArea
              value={state.intro}
              aria-label="量表简介"
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={1000}
              showCount
              onChange={(e) => onChange((s) => ({ ...s, intro: e.target.value }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
