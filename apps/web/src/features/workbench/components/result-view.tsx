import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { AssessmentResult, PartResult } from '@psy/contracts';
import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Tag, Typography } from 'antd';
import { DimensionBars } from './dimension-bars';
import { WarningLevelTag } from '../../../components/status-tags';
import { formatDuration } from '../../../lib/format';

function PartCard({ part }: { part: PartResult }) {
  const indices = Object.entries(part.indices);
  return (
    <Card
      title={`${part.scaleName}（${part.shortName}）`}
      size="small"
      style={{ marginBottom: 16 }}
      extra={<Tag color={part.positive ? 'red' : 'green'}>{part.positive ? '筛查阳性' : '筛查阴性'}</Tag>}
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={6}>
          <Statistic title="原始分" value={part.rawScore} />
        </Col>
        {part.standardScore !== null && (
          <Col xs={12} sm={6}>
            <Statistic title="标准分" value={part.standardScore} />
          </Col>
        )}
        {part.band && (
          <Col xs={12} sm={6}>
            <Statistic title="结论" value={part.band.label} styles={{ content: { color: '#08979c' } }} />
          </Col>
        )}
        <Col xs={12} sm={6}>
          <Statistic title="用时" value={formatDuration(part.durationSeconds)} />
        </Col>
      </Row>
      {part.band && (part.band.interpretation || part.band.advice) && (
        <div style={{ marginTop: 16 }}>
          {part.band.interpretation && (
            <Typography.Paragraph>{part.band.interpretation}</Typography.Paragraph>
          )}
          {part.band.advice && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              建议：{part.band.advice}
            </Typography.Paragraph>
          )}
        </div>
      )}
      {part.alerts.length > 0 && (
        <Space orientation="vertical" style={{ marginTop: 16, width: '100%' }}>
          {part.alerts.map((a, i) => (
            <div key={i}>
              <WarningLevelTag level={a.level} suffix="危预警" /> {a.reason}
              {a.crisis && (
                <Tag color="red" style={{ marginLeft: 6 }}>
                  危机干预
                </Tag>
              )}
            </div>
          ))}
        </Space>
      )}
      {part.dimensions.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>维度得分</Typography.Title>
          <DimensionBars dimensions={part.dimensions} />
          {part.dimensions.some((d) => d.band?.interpretation) && (
            <Descriptions
              size="small"
              column={1}
              style={{ marginTop: 12 }}
              items={part.dimensions
                .filter((d) => d.band?.interpretation)
                .map((d) => ({
                  key: d.key,
                  label: d.name,
                  children: `${d.band!.label}：${d.band!.interpretation} ${d.band!.advice}`,
                }))}
            />
          )}
        </div>
      )}
      {indices.length > 0 && (
        <Descriptions
          size="small"
          style={{ marginTop: 16 }}
          column={{ xs: 2, sm: 4 }}
          items={indices.map(([k, v]) => ({ key: k, label: part.indexLabels[k] ?? k, children: v }))}
        />
      )}
      {part.notes.map((n) => (
        <Alert key={n} type="info" showIcon title={n} style={{ marginTop: 12 }} />
      ))}
    </Card>
  );
}

/** A scored assessment with interpretation, as professionals see it (the full report). */
export function ResultView({ result }: { result: AssessmentResult }) {
  return (
    <>
      {result.crisis && (
        <Alert
          type="error"
          showIcon
          icon={<ExclamationCircleOutlined />}
          style={{ marginBottom: 16 }}
          title="本次测评触发了危机干预规则"
          description="用户已在结果页看到心理援助热线。请尽快联系本人，了解情况并记录处理进度。"
        />
      )}
      {result.parts.map((p, i) => (
        <PartCard key={i} part={p} />
      ))}
    </>
  );
}
