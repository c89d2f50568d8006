import { Rate, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import styles from './feedback.module.css';

/** 1–5 stars, read only. */
export function Stars({ value }: { value: number }) {
  return (
    <span aria-label={`${value} 星`} role="img">
      <Rate disabled value={value} className={styles.stars} />
    </span>
  );
}

/** What the person wrote, keeping their line breaks. */
export function FeedbackWords({ children }: { children: ReactNode }) {
  return <Typography.Paragraph className={styles.content}>{children}</Typography.Paragraph>;
}

/** The expert's reply under the feedback, or what the writer waits for. */
export function ReplyBlock({
  reply,
  handledAt,
  expertName,
  forWriter,
  who = `${expertName} 老师`,
}: {
  reply: string | null;
  handledAt: string | null;
  expertName: string;
  /** Who replied, as the reader calls them (the expert themselves: 我). */
  who?: string;
  /** The writer reads 「等待专家处理」 while it is open. */
  forWriter?: boolean;
}) {
  if (!handledAt)
    return forWriter ? (
      <div className={styles.waiting}>等待 {expertName} 老师处理，处理后会通知您。</div>
    ) : null;
  if (!reply)
    return (
      <div className={styles.waiting}>
        {who}已于 {formatDateTime(handledAt)} 处理，未附回复。
      </div>
    );
  return (
    <div className={styles.reply} data-testid="feedback-reply">
      <div className={styles.replyHead}>
        {who}的回复 · {formatDateTime(handledAt)}
      </div>
      <Typography.Paragraph className={styles.content} style={{ marginTop: 0, marginBottom: 0 }}>
        {reply}
      </Typography.Paragraph>
    </div>
  );
}
