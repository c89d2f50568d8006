import { isUploadUrl } from '@psy/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for rich text written in the web editor (news bodies, text lessons). What
 * is not listed is dropped: scripts, styles, iframes, forms, event handlers, `style` and
 * `class` attributes, `javascript:`/`data:` links, and images from anywhere but our own
 * uploads. Text inside dropped tags (e.g. an unknown `<font>`) is kept; the contents of
 * `script`, `style`, `textarea` and the like are not.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    // Outside links open in a new tab and pass neither the opener nor ranking.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
          : { href, ...(attribs.title ? { title: attribs.title } : {}) },
      };
    },
    // Older editors' bold/italic become the semantic tags.
    b: 'strong',
    i: 'em',
    h1: 'h2',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isUploadUrl(frame.attribs.src ?? ''),
};

/** Clean HTML for storage; run on every rich-text body a client sends, before it is saved. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of rich-text HTML (for summaries, search and "is it empty"), whitespace collapsed. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether sanitised HTML shows anything: text or an image. */
export function richTextIsEmpty(html: string): boolean {
  return richTextToPlain(html) === '' && !/<img\s/i.test(html);
}
