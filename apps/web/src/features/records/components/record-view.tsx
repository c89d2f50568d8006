import { EyeOutlined } from '@ant-design/icons';
import { cooperationScopeLabels, recordViaLabels, type PersonalRecord } from '@psy/contracts';
import { Alert, Card, Tag, Typography } from 'antd';
import { RecordTimeline } from './record-timeline';
import styles from './records.module.css';
import { TrendCharts } from './trend-charts';

const genders = { male: '男', female: '女', unknown: '' } as const;

/** How the reader came to the record, as a tag. */
function AccessTag({ record }: { record: PersonalRecord }) {
  const { via, scope } = record.access;
  if (via === 'cooperation')
    return <Tag color="cyan">{`协作专家 · ${scope ? cooperationScopeLabels[scope] : ''}`}</Tag>;
  return <Tag color={via === 'auditor' ? 'purple' : 'blue'}>{`您是${recordViaLabels[via]}`}</Tag>;
}

/**
 * A person's record (心理档案): who they are, the figures, one small trend per scale and the
 * timeline. The page that fetched it has already been written to the audit log.
 */
export function RecordView({ record }: { record: PersonalRecord }) {
  const p = record.person;
  const c = record.counts;
  const figures = [
    { label: '完成测评', value: c.assessments },
    { label: '预警（未结束）', value: `${c.warnings}（${c.openWarnings}）` },
    { label: '咨询预约', value: c.bookings },
    { label: '咨询记录', value: c.notes },
  ];
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <div className={styles.person}>
          <div className={styles.initial} aria-hidden>
            {(p.name || '用').slice(0, 1)}
          </div>
          <div style={{ flex: 1, minWidth: 200 }}>
            <div className={styles.entryHead}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {p.name || '未命名用户'}
              </Typography.Title>
              <AccessTag record={record} />
            </div>
            <div className={styles.facts}>
              {p.gender && genders[p.gender] && <span>{genders[p.gender]}</span>}
              {p.age !== null && <span>{p.age} 岁</span>}
              <span>手机 {p.telephone}</span>
              <span>{p.institution ?? '未加入机构'}</span>
              <span>负责专家：{p.assignedExpert ?? '未指定'}</span>
            </div>
          </div>
        </div>
        <div className={styles.figures}>
          {figures.map((f) => (
            <div key={f.label} className={styles.figure}>
              <div className={styles.figureValue}>{f.value}</div>
              <div className={styles.figureLabel}>{f.label}</div>
            </div>
          ))}
        </div>
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          icon={<EyeOutlined />}
          title={
            record.access.via === 'cooperation'
              ? `您通过协作查阅该档案（${record.access.scope ? cooperationScopeLabels[record.access.scope] : ''}）。本次查阅已记录，用户本人可以看到。`
              : '本次查阅已记录，用户本人可以在“档案查阅记录”中看到谁在何时查阅了档案。'
          }
        />
      </Card>
      <Card title="测评得分趋势" size="small" style={{ marginBottom: 16 }}>
        <TrendCharts trends={record.trends} />
      </Card>
      <Card title="档案时间线" size="small">
        <RecordTimeline record={record} />
      </Card>
    </>
  );
}
