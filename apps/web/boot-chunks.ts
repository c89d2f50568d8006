/**
 * The modules a first visit evaluates before the first render, in main.tsx's three steps: React
 * and the router, antd's core, the app's shell.
 */
const STEPS = [
  // What the entry itself imports (main.tsx's JSX, Vite's preload helper): evaluated before its
  // first line, so apart from the steps it waits for.
  { name: 'boot-start', modules: [/vite[\\/]preload-helper/, /react[\\/]jsx-runtime/] },
  { name: 'boot-react', modules: ['/src/vendor-prelude.ts'] },
  { name: 'boot-antd', modules: ['/src/antd-prelude.ts'] },
  // The shell, and the helpers most pages use (dates and money, headings, tiles): 1.5 KB gzipped
  // that spares most pages 2 or 3 requests of their own.
  {
    name: 'boot-app',
    modules: [
      '/src/app/app.tsx',
      '/src/app/router.tsx',
      '/src/lib/format.ts',
      '/src/components/heading.tsx',
      '/src/components/tiles.tsx',
    ],
  },
] as const;

/**
 * Code-splitting groups (`build.rolldownOptions.output.codeSplitting.groups`) that make one
 * chunk of each boot step: the step's modules and every module they use (what tree-shaking
 * keeps of them: React's and antd's entry points re-export far more than a step takes), less
 * the steps before it. Automatic splitting made ~70 chunks of the same code, one per set of
 * routes sharing a module (a 0.1 KB chunk for a helper, one per icon). Every page loads them
 * all anyway, and a chunk costs the browser work beyond its bytes: about 2 ms of a phone
 * profile's main thread a request on a two-core host (docs/performance.md).
 */
export const bootChunkGroups = STEPS.map((step, i) => ({
  name: step.name,
  test: (id: string) => step.modules.some((m) => (typeof m === 'string' ? id.endsWith(m) : m.test(id))),
  // The earlier step keeps a module both use: it is loaded first.
  priority: STEPS.length - i,
  includeDependenciesRecursively: true,
}));
