import { RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Deferred } from './deferred';
import { Heading } from './heading';

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
        <Heading level={3} id={id} style={{ margin: 0 }}>
          {title}
        </Heading>
        <Link to={more.to} style={{ whiteSpace: 'nowrap' }}>
          {more.label} <RightOutlined />
        </Link>
      </div>
      {/* Filled in by a query after the first paint: drawn without holding the main thread. */}
      <Deferred>{children}</Deferred>
    </section>
  );
}
