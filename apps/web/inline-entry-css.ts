import type { Plugin } from 'vite';

/** The entry's stylesheet is inlined up to this size; a larger one stays a linked file. */
const MAX_INLINE_BYTES = 8 * 1024;

/**
 * Puts the entry's small stylesheet (global styles and the shell's CSS modules, ~3 KB) into
 * `index.html` instead of linking it: a linked stylesheet blocks the first paint until it has
 * arrived, and on a slow phone link it queues behind the module preloads (docs/performance.md,
 * Lighthouse). Lazy pages keep their own CSS files.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'psy-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (!asset || asset.type !== 'asset') return tag;
            const css =
              typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
            if (css.length > MAX_INLINE_BYTES || css.includes('</style')) return tag;
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}
