/**
 * Text lessons' bodies. Interim until the shared rich-text sanitiser (lib/rich-text.ts)
 * lands: every tag is escaped, so a body is stored as plain paragraphs and nothing a client
 * sends can become markup.
 */
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function cleanLessonBody(html: string): string {
  const text = html.replace(/<[^>]*>/g, '\n');
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p)}</p>`)
    .join('');
}

export const lessonBodyIsEmpty = (html: string): boolean => html.replace(/<[^>]*>/g, '').trim() === '';
