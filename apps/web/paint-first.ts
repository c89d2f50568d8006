import type { Plugin } from 'vite';

/**
 * The script a shell starts with: after the browser's first frame, it turns the page's
 * `<link data-modulepreload href>` (inert until then) into module preloads, all fetched at
 * once, and imports the entry.
 */
const startAfterFirstPaint = (entry: string) =>
  `<script type="module">const start=()=>{const f=document.createDocumentFragment();` +
  `for(const l of document.querySelectorAll('link[data-modulepreload]')){` +
  `const p=document.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=l.getAttribute('href');` +
  `f.append(p)}document.head.append(f);import(${JSON.stringify(entry)})};` +
  `document.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(start)):start();</script>`;

/**
 * The first paint before the scripts: the entry `<script type="module" src>` and Vite's module
 * preloads become inert `<link data-modulepreload>` tags and a small inline module
 * (`startAfterFirstPaint`) that, one frame after the page is first painted, starts fetching
 * them all at once and imports the entry. The server names each page's own chunks the same way
 * (apps/server/src/plugins/web.ts). So the static header and first screen (index.html,
 * src/lib/first-screens.ts), and the home page's first banner, have the link to themselves
 * until they are painted, instead of sharing a slow phone link with ~200 KB of script; and
 * when the scripts come fast, their seconds of work on a phone's CPU start after that paint,
 * not before it (docs/performance.md, Lighthouse). A page opened in a background tab, where
 * frames wait for the tab to be shown, starts at once.
 */
export function paintFirst(): Plugin {
  return {
    name: 'psy-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(html);
        if (!entry) throw new Error('paint-first: the entry script was not found in index.html');
        return html
          .replace(
            /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
            '<link data-modulepreload href="$1">',
          )
          .replace(
            entry[0],
            `<link data-modulepreload href="${entry[1]}">${startAfterFirstPaint(entry[1]!)}`,
          );
      },
    },
  };
}
