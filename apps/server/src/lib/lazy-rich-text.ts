import { onFirstUse } from './on-first-use';

/**
 * The rich-text helpers (`rich-text.ts`), loaded on the first article or text lesson written:
 * sanitize-html with its HTML parser and PostCSS costs a start about 0.1 s.
 */
export const loadRichText = onFirstUse(() => import('./rich-text'));
