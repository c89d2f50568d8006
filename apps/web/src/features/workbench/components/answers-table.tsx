import { Card, Table, Typography } from 'antd';
import type { ExpertAssessment } from '../api/assessments';

/** Each scale's items with the option the person chose and the value it scored. */
export function AnswersTables({ answers }: { answers: ExpertAssessment['answers'] }) {
  return (
    <>
      {answers.map((part, i) => (
        <Card key={i} size="small" title={part.scaleName} style={{ marginBottom: 16 }}>
          <Table
            size="small"
            rowKey="number"
            pagination={false}
            dataSource={part.items}
            scroll={{ x: 520 }}
            columns={[
              { title: '题号', dataIndex: 'number', width: 60 },
              { title: '题目', dataIndex: 'text' },
              {
                title: '作答',
                dataIndex: 'answer',
                width: 150,
                render: (a: string | null) => a ?? <Typography.Text type="secondary">未作答</Typography.Text>,
              },
              {
                title: '得分',
                dataIndex: 'value',
                width: 70,
                align: 'right',
                render: (v: number | null) => (v === null ? '—' : v),
              },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
