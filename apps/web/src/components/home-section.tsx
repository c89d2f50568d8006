import { RightOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router';

/** A section of the home page: a title, a link to the full list, and its content. */
export function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { to: string; label: string };
  children: ReactNode;
}) {
  // A section's query answers after the first paint and TanStack Query re-renders it at once, a
  // render React cannot interrupt (useSyncExternalStore): on a slow phone, a section's cards were
  // a 130-230 ms task (Lighthouse, simulated). Deferred, that render shows the previous content
  // (the skeleton) first and draws the cards at a transition's priority, yielding between them.
  const content = useDeferredValue(children);
  return (
    <section style={{ marginTop: 32 }} aria-labelledby={id}>
      <div
        style={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          marginBottom: 16,
          gap: 12,
        }}
      >
        <Typography.Title level={3} id={id} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Link to={more.to} style={{ whiteSpace: 'nowrap' }}>
          {more.label} <RightOutlined />
        </Link>
      </div>
      {content}
    </section>
  );
}
