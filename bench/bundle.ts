/**
 * What a first visit loads before any page's own chunk: the entry script named in the built
 * index.html, every chunk it imports statically, and the modules it imports itself before the
 * first render (dynamically, so that each is evaluated in a task of its own) with theirs,
 * raw, gzip -9 and brotli (best), with the goal of issue 18 (at most 250 KB gzipped) beside it.
 * Usage: npm run build && npm run bench:bundle
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.env.WEB_DIST ?? path.join(here, '../apps/web/dist'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// The entry: a module script's src, or what the inline starter imports after the first paint
// (paint-first.ts: `import("/assets/index-….js")`).
const entry =
  /<script type="module"[^>]*src="\/([^"]+\.js)"/.exec(html)?.[1] ??
  /<script type="module">[^<]*?import\("\/([^"]+\.js)"\)/.exec(html)?.[1];
if (!entry) throw new Error(`no entry script in ${dist}/index.html: run npm run build first`);

/** Static imports of a built chunk (`import … from "./x.js"` and `import "./x.js"`), not `import()`. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g))
    found.push(path.posix.join(path.posix.dirname(file), m[1]!));
  return found;
}

const seen = new Set<string>();
const closure: string[] = [];
function walk(file: string) {
  if (seen.has(file)) return;
  seen.add(file);
  for (const dep of staticImports(file)) walk(dep);
  closure.push(file);
}
walk(entry);
// And what the entry imports one after another before the first render (apps/web/src/main.tsx:
// React, antd's core, the app, each evaluated in a task of its own), with their static imports.
for (const m of fs
  .readFileSync(path.join(dist, entry), 'utf8')
  .matchAll(/import\([`"'](\.\/[^`"']+\.js)[`"']\)/g))
  walk(path.posix.join(path.posix.dirname(entry), m[1]!));

const rows = closure.map((file) => {
  const raw = fs.readFileSync(path.join(dist, file));
  return {
    file,
    raw: raw.length,
    gzip: zlib.gzipSync(raw, { level: 9 }).length,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
rows.sort((a, b) => b.gzip - a.gzip);
const sum = (k: 'raw' | 'gzip' | 'br') => rows.reduce((s, r) => s + r[k], 0);
const kb = (n: number) => (n / 1024).toFixed(1);
// Named inert (`data-modulepreload`) and made preloads after the first paint (apps/web/paint-first.ts).
const preloads = (html.match(/<link data-modulepreload /g) ?? []).length - 1;

console.log(
  `\nFirst visit of any page: ${closure.length} scripts (the entry, ${preloads} modulepreloads in index.html, and what the entry imports before the first render)\n`,
);
console.log('| chunk | raw KB | gzip KB | brotli KB |');
console.log('|---|---:|---:|---:|');
for (const r of rows.slice(0, 12)) console.log(`| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.br)} |`);
if (rows.length > 12) {
  const rest = rows.slice(12);
  const s = (k: 'raw' | 'gzip' | 'br') => rest.reduce((t, r) => t + r[k], 0);
  console.log(`| ${rest.length} smaller chunks | ${kb(s('raw'))} | ${kb(s('gzip'))} | ${kb(s('br'))} |`);
}
console.log(`| **total** | ${kb(sum('raw'))} | ${kb(sum('gzip'))} | ${kb(sum('br'))} |`);
console.log(
  `\ngoal: at most 250 KB gzipped; now ${kb(sum('gzip'))} KB (${(sum('gzip') / (250 * 1024)).toFixed(2)} of it)`,
);

/**
 * Each audited page then loads its own chunks on top: the route's module (named in the build's
 * manifest, `build.manifest` in apps/web/vite.config.ts) and every chunk it imports statically
 * that the first visit did not already bring.
 */
const manifestFile = path.join(dist, '.vite/manifest.json');
if (fs.existsSync(manifestFile)) {
  type Chunk = { file: string; imports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const routes: [string, string][] = [
    ['首页 /sys/home', 'src/app/routes/home-page.tsx'],
    ['测评中心 /app/website', 'src/features/assessments/pages/center-page.tsx'],
    ['心理咨询 /app/expert', 'src/features/experts/pages/expert-list-page.tsx'],
    ['答题 /test/question', 'src/features/assessments/pages/question-page.tsx'],
  ];
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  console.log('\nEach page on top of the first visit (its own chunks, gzip KB):\n');
  console.log('| page | scripts | own gzip KB | with the first visit |');
  console.log('|---|---:|---:|---:|');
  for (const [label, src] of routes) {
    const own = new Set<string>();
    (function walk(key: string) {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file) || own.has(chunk.file)) return;
      own.add(chunk.file);
      for (const dep of chunk.imports ?? []) walk(dep);
    })(src);
    if (!own.size) {
      console.log(`| ${label} | not in the manifest | | |`);
      continue;
    }
    const size = [...own].reduce((s, f) => s + gz(f), 0);
    console.log(`| ${label} | ${own.size} | ${kb(size)} | ${kb(size + sum('gzip'))} |`);
  }
}
