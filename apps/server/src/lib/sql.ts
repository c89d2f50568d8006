/** Escapes LIKE wildcards so a keyword matches itself. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
