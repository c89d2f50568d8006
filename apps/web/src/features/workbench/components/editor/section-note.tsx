import { Alert } from 'antd';

/** What an editor section is for, above its rows. */
export function SectionNote({ type = 'info', text }: { type?: 'info' | 'warning'; text: string }) {
  return <Alert type={type} showIcon style={{ marginBottom: 12 }} title={text} />;
}
