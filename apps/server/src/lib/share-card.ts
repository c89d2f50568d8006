/**
 * What a shared link to a public page shows before any JavaScript runs: the page's title,
 * description and picture, written into the served index.html (plugins/web.ts). The owning
 * modules answer it (`shareCard(id)` on the news, courses and experts services).
 */
export interface ShareCard {
  title: string;
  description: string;
  /** A public image path under the upload path, or null. */
  image: string | null;
  /** og:type: an article or a profile page. */
  kind?: 'article' | 'profile' | 'website';
}

/** Descriptions are one line of plain text; search results and chat previews cut near 120 characters. */
const DESCRIPTION_MAX = 120;

/** Plain text for a description: whitespace collapsed, cut at DESCRIPTION_MAX with an ellipsis. */
export function shareText(text: string, max = DESCRIPTION_MAX): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const chars = [...plain];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : plain;
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/**
 * The shell with the card's `<title>` (`标题 - 站点名`, as the web names its tabs),
 * description and Open Graph tags in place of the generic ones; everything escaped.
 */
export function withShareCard(shell: string, card: ShareCard, siteName: string): string {
  const title = `${card.title} - ${siteName}`;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', card.description),
    meta('property', 'og:type', card.kind ?? 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    // Relative: the configuration holds no public address to make it absolute.
    ...(card.image ? [meta('property', 'og:image', card.image)] : []),
  ].join('\n    ');
  const rest = shell.replace(DESCRIPTION, '');
  // A replacer function, so `$` in a title is never read as a replacement pattern.
  if (TITLE.test(rest)) return rest.replace(TITLE, () => tags);
  if (/<\/head>/i.test(rest)) return rest.replace(/<\/head>/i, () => `${tags}\n  </head>`);
  return rest.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}
