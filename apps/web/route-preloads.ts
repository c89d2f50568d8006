import type { Plugin, Rollup } from 'vite';
import { BANNER, BANNER_MARK, firstScreens } from './src/lib/first-screens';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Where the build writes the map, beside Vite's manifest (the server serves no dot path). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
/** Each page path's static first screen (src/lib/first-screens.ts), for the server's shells. */
export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

/** Files that declare pages: the router, its list of features' pages, each feature's routes.tsx. */
const ROUTE_FILE = /\/src\/(app\/router|app\/feature-routes|features\/[^/]+\/routes)\.tsx?$/;
/** A page path as written in a declaration: `'/app/expert'`. */
const PATH = /'(\/[A-Za-z0-9/_-]*)'/g;
/** A module loaded in place (`import('./pages/x')`) or through a named loader. */
const IMPORT = /import\(\s*'([^']+)'\s*\)/;
const NAMED_LOADER = /const (\w+) = \(\) => import\(\s*'([^']+)'\s*\)/g;
/** `redirectRoute('/', '/app')` and `{ path: '/user/paper', loader: () => redirect('/user/paper/list') }`. */
const REDIRECTS = [
  /redirectRoute\(\s*'(\/[^']*)',\s*'(\/[^']*)'\s*\)/g,
  /path: '(\/[^']*)',\s*loader: \(\) => redirect\(\s*'(\/[^']*)'\s*\)/g,
];

/**
 * Pairs each page path with the module its declaration loads:
 * `page('/app/expert', '心理咨询', () => import('./pages/expert-list-page'))`,
 * `{ path: '/sys/home', lazy: () => import('./routes/home-page') }`, or a loader held in a
 * variable (`const resultPage = () => import(…)`, then `page('/test/pay', '测评结果', resultPage)`).
 * Only the text up to the next path literal is searched, so a declaration without a module (a
 * redirect) is never paired with the next one's; redirects are returned apart.
 */
export function declaredPages(code: string) {
  const loaders = new Map([...code.matchAll(NAMED_LOADER)].map((m) => [m[1]!, m[2]!]));
  const named = loaders.size ? new RegExp(`\\b(${[...loaders.keys()].join('|')})\\b`) : null;
  const paths = [...code.matchAll(PATH)];
  const pages = new Map<string, string>();
  paths.forEach((m, i) => {
    const from = m.index + m[0].length;
    const segment = code.slice(from, Math.min(paths[i + 1]?.index ?? code.length, from + 200));
    const direct = IMPORT.exec(segment);
    const viaName = named?.exec(segment);
    const spec =
      direct && (!viaName || direct.index < viaName.index)
        ? direct[1]
        : viaName
          ? loaders.get(viaName[1]!)
          : undefined;
    if (spec) pages.set(m[1]!, spec);
  });
  const redirects = new Map(
    REDIRECTS.flatMap((r) => [...code.matchAll(r)].map((m) => [m[1]!, m[2]!] as const)),
  );
  return { pages, redirects };
}

/**
 * Which chunks each page needs beyond the first visit's, by path: the server names them in
 * the app shell it sends for that path (`<link rel="modulepreload">`), so a phone fetches the
 * page's own code while the entry is still arriving, instead of after the entry has run and
 * the router has asked for the page (docs/performance.md, Lighthouse). Pages are read from
 * the route declarations; redirects (`/` → `/app` → `/sys/home`) get their target's chunks.
 * It also writes the pages' static first screens (src/lib/first-screens.ts) for the server.
 */
export function routePreloads(): Plugin {
  const pages = new Map<string, string>(); // path -> resolved module id
  const redirects = new Map<string, string>();
  return {
    name: 'psy-route-preloads',
    apply: 'build',
    // The route files as written (before TypeScript and JSX are compiled away).
    enforce: 'pre',
    async transform(code, id) {
      if (!ROUTE_FILE.test(id)) return null;
      const declared = declaredPages(code);
      for (const [pagePath, spec] of declared.pages) {
        const resolved = await this.resolve(spec, id);
        if (resolved) pages.set(pagePath, resolved.id);
      }
      for (const [from, to] of declared.redirects) redirects.set(from, to);
      return null;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: OutputChunk, skip: Set<string>) => {
        const found = new Set<string>();
        const walk = (c: OutputChunk) => {
          if (skip.has(c.fileName) || found.has(c.fileName)) return;
          found.add(c.fileName);
          for (const f of c.imports) {
            const dep = byFile.get(f);
            if (dep) walk(dep);
          }
        };
        walk(start);
        return found;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const first = closure(entry, new Set());
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const map: Record<string, string[]> = {};
      for (const [pagePath, moduleId] of pages) {
        const chunk = byModule.get(moduleId);
        if (chunk) map[pagePath] = [...closure(chunk, first)].map((f) => `/${f}`);
      }
      for (const from of redirects.keys()) {
        let to = from;
        for (let hops = 0; hops < 5 && redirects.has(to); hops++) to = redirects.get(to)!;
        const files = map[to];
        if (files) map[from] = files;
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(map) });
      const screens = { screens: firstScreens(), banner: { mark: BANNER_MARK, html: BANNER } };
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_FILE, source: JSON.stringify(screens) });
    },
  };
}
