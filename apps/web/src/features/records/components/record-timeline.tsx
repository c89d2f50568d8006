import {
  bookingStatusLabels,
  consultModeLabels,
  cooperationScopeLabels,
  cooperationStatusLabels,
  feedbackKindLabels,
  feedbackStatusLabels,
  recordEntryKindLabels,
  riskLevelLabels,
  transferStatusLabels,
  type PersonalRecord,
  type RecordEntry,
  type RecordEntryKind,
  type RiskLevel,
} from '@psy/contracts';
import { Empty, Rate, Segmented, Tag, Timeline, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { formatDateTime, slotRange } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import styles from './records.module.css';

type Filter = 'all' | 'assessment' | 'warning' | 'booking' | 'moves' | 'feedback';
const filters: { value: Filter; label: string; kinds: RecordEntryKind[] | null }[] = [
  { value: 'all', label: '全部', kinds: null },
  { value: 'assessment', label: '测评', kinds: ['assessment'] },
  { value: 'warning', label: '预警', kinds: ['warning'] },
  { value: 'booking', label: '咨询', kinds: ['booking'] },
  { value: 'moves', label: '转介与协作', kinds: ['transfer', 'cooperation'] },
  { value: 'feedback', label: '反馈', kinds: ['feedback'] },
];

const kindColors: Record<RecordEntryKind, string> = {
  assessment: 'blue',
  warning: 'red',
  booking: 'green',
  transfer: 'purple',
  cooperation: 'cyan',
  feedback: 'magenta',
};

export const riskColors: Record<RiskLevel, string> = {
  none: 'default',
  low: 'gold',
  medium: 'orange',
  high: 'red',
};

/** Links into the expert's workbench: an auditor reads the record where it is, without them. */
const Links = ({ children, record }: { children: ReactNode; record: PersonalRecord }) =>
  record.access.via === 'auditor' ? null : <div className={styles.links}>{children}</div>;

/** What one entry says, with the links the reader may follow. */
function EntryBody({ e, record, me }: { e: RecordEntry; record: PersonalRecord; me: number | undefined }) {
  const own = record.access.via !== 'cooperation';
  switch (e.kind) {
    case 'assessment':
      return (
        <>
          <div className={styles.entryHead}>
            <Typography.Text strong>完成测评《{e.title}》</Typography.Text>
            {e.maxWarningLevel ? (
              <WarningLevelTag level={e.maxWarningLevel as 1 | 2 | 3} suffix="危预警" />
            ) : null}
          </div>
          <div className={styles.entryBody}>
            {e.parts.map((p) => (
              <Tag key={p.scaleId} style={{ marginTop: 4 }}>
                {p.shortName} {p.score !== null ? `${p.scoreLabel} ${p.score}` : '未计分'}
                {p.band ? ` · ${p.band}` : ''}
              </Tag>
            ))}
          </div>
          {own && (
            <Links record={record}>
              <Link to={`/expert/test/transfer?id=${e.id}`}>查看作答</Link>
              <Link to={`/expert/test/detail?id=${e.id}`}>报告详情</Link>
            </Links>
          )}
        </>
      );
    case 'warning':
      return (
        <>
          <div className={styles.entryHead}>
            <WarningLevelTag level={e.level as 1 | 2 | 3} suffix="危预警" />
            <WarningStatusTag status={e.status} />
            <Typography.Text type="secondary">{e.scaleName}</Typography.Text>
          </div>
          <div className={styles.entryBody}>{e.reason}</div>
          {e.progress.length > 0 && (
            <div className={styles.progress}>
              {e.progress.map((p, i) => (
                <div key={i}>
                  <span className={styles.noteLabel}>
                    {formatDateTime(p.createdAt)} · {p.actorName}：
                  </span>
                  {p.note}
                </div>
              ))}
            </div>
          )}
          {e.canFollowUp && (
            <Links record={record}>
              <Link to={`/expert/warning/detail?id=${e.id}`}>预警详情</Link>
              {e.status !== 'closed' && <Link to={`/expert/warning/status?id=${e.id}`}>记录跟进</Link>}
            </Links>
          )}
        </>
      );
    case 'booking':
      return (
        <>
          <div className={styles.entryHead}>
            <Typography.Text strong>咨询预约 · {e.expert.name} 老师</Typography.Text>
            <Tag color={e.status === 'completed' ? 'blue' : e.status === 'confirmed' ? 'green' : 'default'}>
              {bookingStatusLabels[e.status]}
            </Tag>
          </div>
          <div className={styles.entryBody}>
            {slotRange(e.startsAt, e.endsAt)} · {consultModeLabels[e.mode]}咨询 · 主题：{e.topic}
          </div>
          {e.note && (
            <div className={styles.note} data-testid="record-session-note">
              <div className={styles.entryHead}>
                <Typography.Text strong>咨询记录：{e.note.topic}</Typography.Text>
                <Tag color={riskColors[e.note.risk]}>{riskLevelLabels[e.note.risk]}</Tag>
              </div>
              <Typography.Paragraph
                style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}
                ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
              >
                {e.note.content}
              </Typography.Paragraph>
              <div>
                <span className={styles.noteLabel}>下一步：</span>
                {e.note.nextStep}
              </div>
              <div className={styles.noteLabel}>
                {e.note.author.name} 记录于 {formatDateTime(e.note.updatedAt)} · 仅专业人员可见
              </div>
            </div>
          )}
          {e.expert.id === me && (
            <Links record={record}>
              <Link to={`/expert/mybooking/detail?id=${e.id}`}>
                {e.status === 'completed' && !e.note ? '填写咨询记录' : '预约详情'}
              </Link>
            </Links>
          )}
        </>
      );
    case 'transfer':
      return (
        <>
          <div className={styles.entryHead}>
            <Typography.Text strong>
              转介：{e.from} → {e.to}
            </Typography.Text>
            <Tag color="purple">{transferStatusLabels[e.status]}</Tag>
          </div>
          <div className={styles.entryBody}>原因：{e.reason}</div>
        </>
      );
    case 'cooperation':
      return (
        <>
          <div className={styles.entryHead}>
            <Typography.Text strong>
              协作：{e.inviter} 邀请 {e.invitee}
            </Typography.Text>
            <Tag color="cyan">{cooperationStatusLabels[e.status]}</Tag>
            <Typography.Text type="secondary">{cooperationScopeLabels[e.scope]}</Typography.Text>
          </div>
          <div className={styles.entryBody}>原因：{e.reason}</div>
        </>
      );
    case 'feedback':
      return (
        <>
          <div className={styles.entryHead}>
            <Typography.Text strong>
              {feedbackKindLabels[e.about]}反馈：{e.subjectTitle}
            </Typography.Text>
            <Rate disabled value={e.rating} style={{ fontSize: 13 }} />
            <Tag color={e.status === 'open' ? 'magenta' : 'default'}>{feedbackStatusLabels[e.status]}</Tag>
          </div>
          <div className={styles.entryBody}>{e.content}</div>
          {e.reply && (
            <div className={styles.entryBody}>
              <Typography.Text type="secondary">{e.expert.name} 回复：</Typography.Text>
              {e.reply}
            </div>
          )}
          {e.expert.id === me && (
            <Links record={record}>
              <Link to={`/expert/feedback/feedbackDetail?id=${e.id}`}>
                {e.status === 'open' ? '去处理' : '反馈详情'}
              </Link>
            </Links>
          )}
        </>
      );
  }
}

/** The person's timeline, newest first, with a filter by kind. */
export function RecordTimeline({ record }: { record: PersonalRecord }) {
  const [filter, setFilter] = useState<Filter>('all');
  const me = useSession((s) => s.userInfo?.id);
  const kinds = filters.find((f) => f.value === filter)!.kinds;
  const shown = kinds ? record.timeline.filter((e) => kinds.includes(e.kind)) : record.timeline;
  const count = (f: (typeof filters)[number]) =>
    f.kinds ? record.timeline.filter((e) => f.kinds!.includes(e.kind)).length : record.timeline.length;
  return (
    <>
      <div style={{ overflowX: 'auto', marginBottom: 16 }}>
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={filters.map((f) => ({ value: f.value, label: `${f.label} ${count(f)}` }))}
        />
      </div>
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filter === 'all' ? '档案里还没有任何记录' : '这一类下还没有记录'}
        />
      ) : (
        <Timeline
          items={shown.map((e) => ({
            key: `${e.kind}-${e.id}`,
            color: kindColors[e.kind],
            content: (
              <div data-testid={`record-entry-${e.kind}`}>
                <div className={styles.entryTime}>
                  {formatDateTime(e.at)} · {recordEntryKindLabels[e.kind]}
                </div>
                <EntryBody e={e} record={record} me={me} />
              </div>
            ),
          }))}
        />
      )}
    </>
  );
}
