import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './rich-text.module.css';

/**
 * Shows rich text the server has sanitised (news bodies, text lessons). Sanitised once more
 * here with DOMPurify's defaults, so a stored body from before a rule changed still cannot
 * run script in the page.
 */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { FORBID_ATTR: ['style', 'class'] }), [html]);
  return (
    <div
      className={className ? `${styles.view} ${className}` : styles.view}
      // Sanitised on the server with an allow-list and again just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
