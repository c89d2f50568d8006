import type { Plugin } from 'vite';

/**
 * How many module preloads the starter adds in one task. A browser does real work for each one
 * it is given (starting its fetch): a page names 70 to 100, and adding them all at once was one
 * task of about 145 ms on a phone profile's CPU (4x slower), the longest after the first paint
 * (docs/performance.md). In batches of 16 each task stays under the 50 ms that counts as
 * blocking at 4x; at 6x on a two-core host (server and browser sharing it) a batch still takes 45
 * to 90 ms, and batches of 4 or 8 measured no better there.
 */
const PRELOADS_PER_TASK = 16;

/**
 * The script a shell starts with (no `<` in it: bench/bundle.ts reads the entry's name from it):
 * after the browser's first frame, it turns the page's
 * `<link data-modulepreload href>` (inert until then) into module preloads, the entry's first,
 * PRELOADS_PER_TASK a task, and imports the entry after the first batch.
 */
const startAfterFirstPaint = (entry: string) =>
  `<script type="module">const start=()=>{` +
  `const h=[...document.querySelectorAll('link[data-modulepreload]')].map(l=>l.getAttribute('href'));` +
  `let i=0;const batch=()=>{const f=document.createDocumentFragment();` +
  `for(const u of h.slice(i,i+=${PRELOADS_PER_TASK})){const p=document.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=u;f.append(p)}` +
  `document.head.append(f);if(h.length>i)setTimeout(batch)};batch();import(${JSON.stringify(entry)})};` +
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
