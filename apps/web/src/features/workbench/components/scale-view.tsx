import { formatFen, type ScaleDefinitionInput } from '@psy/contracts';
import { Card, Descriptions, Empty, Tag, Typography } from 'antd';
import type { ScaleDraft } from '../api/scales';
import { bandRange, describeCondition, describeExpr, itemRanges, namesOf } from './describe';
import { optionsOfItem, type BandInput } from './editor/editor-state';
import { WarningLevelTag } from '../../../components/status-tags';

function Bands({ bands }: { bands: BandInput[] }) {
  return (
    <div style={{ marginTop: 6 }}>
      {bands.map((b, i) => (
        <div key={i} style={{ padding: '6px 0 6px 12px', borderLeft: '3px solid #b5f5ec', marginBottom: 6 }}>
          <Typography.Text strong>{bandRange(b)}</Typography.Text> <Tag color="cyan">{b.label}</Tag>
          <div>{b.interpretation}</div>
          <Typography.Text type="secondary">建议：{b.advice}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** Everything a reviewer needs to judge a scale, read-only and in words rather than JSON. */
export function ScaleDefinitionView({ draft }: { draft: ScaleDraft }) {
  const def: ScaleDefinitionInput = draft.definition;
  const names = namesOf(def);
  const dims = def.dimensions ?? [];
  return (
    <>
      <Card title="基本信息" size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'name', label: '名称', children: `${draft.name}（${draft.shortName}）` },
            { key: 'code', label: '编码', children: draft.code },
            { key: 'category', label: '分类', children: draft.category },
            {
              key: 'price',
              label: '完整报告',
              children: draft.priceFen > 0 ? `¥${formatFen(draft.priceFen)}` : '免费',
            },
            { key: 'time', label: '评定时间范围', children: def.timeframe },
            { key: 'minutes', label: '预计用时', children: `${def.estimatedMinutes} 分钟` },
            { key: 'intro', label: '简介', span: 'filled', children: draft.intro },
            { key: 'instructions', label: '指导语', span: 'filled', children: def.instructions },
            ...(def.source
              ? [{ key: 'source', label: '来源', span: 'filled' as const, children: def.source }]
              : []),
          ]}
        />
      </Card>

      <Card title={`题目与选项（${def.items.length}题）`} size="small" style={{ marginBottom: 16 }}>
        {def.items.map((item) => (
          <div key={item.number} style={{ padding: '8px 0', borderBottom: '1px dashed #f0f0f0' }}>
            <div>
              <Typography.Text strong>{item.number}. </Typography.Text>
              {item.text}
              {item.reverse && <Tag style={{ marginLeft: 6 }}>反向计分</Tag>}
              {item.showIf && (
                <Tag color="purple" style={{ marginLeft: 6 }}>
                  {item.showIf.field === 'gender'
                    ? `仅${item.showIf.equals === 'female' ? '女性' : '男性'}作答`
                    : `仅当 ${item.showIf.field} = ${String(item.showIf.equals)}`}
                </Tag>
              )}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {optionsOfItem(def, item)
                .map((o) => `${o.label}（${o.value}分）`)
                .join(' / ')}
            </Typography.Text>
          </div>
        ))}
      </Card>

      {dims.length > 0 && (
        <Card title="维度" size="small" style={{ marginBottom: 16 }}>
          {dims.map((d) => (
            <div key={d.key} style={{ marginBottom: 12 }}>
              <Typography.Text strong>{d.name}</Typography.Text>：第{itemRanges(d.items)}题
              {d.aggregate === 'mean' ? '的平均分' : '得分之和'}
              {d.bands && <Bands bands={d.bands} />}
            </div>
          ))}
        </Card>
      )}

      <Card title="计分规则" size="small" style={{ marginBottom: 16 }}>
        {def.scores.map((s) => (
          <div key={s.key} style={{ marginBottom: 12 }}>
            <div>
              <Typography.Text strong>{s.name}</Typography.Text> = {describeExpr(s.expr, names)}
              {s.key === def.report.raw && <Tag style={{ marginLeft: 6 }}>原始分</Tag>}
              {s.key === def.report.standard && <Tag style={{ marginLeft: 6 }}>标准分</Tag>}
              {s.key === def.report.band && (
                <Tag style={{ marginLeft: 6 }} color="cyan">
                  主分级
                </Tag>
              )}
            </div>
            {s.bands && <Bands bands={s.bands} />}
          </div>
        ))}
      </Card>

      <Card title="预警与阳性判定" size="small">
        {(def.alerts ?? []).length === 0 && !def.positive && !(def.notes ?? []).length && (
          <Empty description="没有预警规则和阳性判定" />
        )}
        {(def.alerts ?? []).map((a, i) => (
          <div key={i} style={{ marginBottom: 8 }}>
            <WarningLevelTag level={a.level} suffix="危预警" /> 当 {describeCondition(a.when, names)} 时：
            {a.reason}
            {a.crisis && (
              <Tag color="red" style={{ marginLeft: 6 }}>
                危机干预
              </Tag>
            )}
          </div>
        ))}
        {def.positive && (
          <div style={{ marginBottom: 8 }}>
            <Tag color="magenta">阳性</Tag>
            满足任一：{def.positive.anyOf.map((c) => describeCondition(c, names)).join('；')}
          </div>
        )}
        {(def.notes ?? []).map((n, i) => (
          <div key={i} style={{ marginBottom: 8 }}>
            <Tag>提示</Tag>当 {describeCondition(n.when, names)} 时：{n.text}
          </div>
        ))}
      </Card>
    </>
  );
}
