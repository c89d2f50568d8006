/** Marks each occurrence of the keyword, ignoring case, without treating it as a pattern. */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  if (!keyword) return <>{text}</>;
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = text.split(new RegExp(`(${escaped})`, 'gi'));
  return (
    <>
      {parts.map((part, i) =>
        // split() with one capture group puts the matches at the odd indexes.
        i % 2 === 1 ? (
          <mark key={i} style={{ background: '#fff1b8', padding: 0, color: 'inherit' }}>
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
