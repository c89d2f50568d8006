// Builds the server with esbuild into apps/server/dist (server.mjs, plus one chunk per module the
// code loads on first use: the PDF and spreadsheet writers, the Redis broker), so a start loads
// plain JavaScript instead of compiling ~500 TypeScript files through tsx every time (issue 18:
// start time). Our code, the workspace packages and the npm packages a start needs are bundled;
// native ones, ones that find files beside their sources and ones loaded only on first use stay
// imports of node_modules (`externalPackages`), and a package imported only by a chunk is loaded
// only when that chunk is. `import.meta.url` keeps meaning the source file's own address (the migrations, fonts, seed
// media and package.json are found next to the sources). A build whose inputs have not changed
// since the last one is not made again.
import { createHash } from 'node:crypto';
import { builtinModules, createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './web-build.mjs';

// esbuild's version from its package file: the module itself (about 60 ms to load) is imported only
// when a build is made, not by every start that finds the bundle up to date.
const esbuildVersion = createRequire(import.meta.url)('esbuild/package.json').version;

export const serverBundle = path.join(root, 'apps/server/dist/server.mjs');
const dist = path.dirname(serverBundle);
const chunksDir = path.join(dist, 'chunks');
/** What the last build was made from: every input file's size and modification time. */
const stampFile = path.join(dist, 'server.inputs.json');
/** Chunks no longer named by the bundle are removed once they are this old (a running server may still load one). */
const staleChunkMs = 24 * 3600_000;

/**
 * npm packages that stay imports of node_modules: native code or files found next to their own
 * sources (PGlite's WebAssembly, sharp, argon2, the Swagger UI's pages, pdfkit's fonts), and the
 * ones loaded only on first use (their chunks import them then). Every other package the start
 * needs (Fastify and its plugins, Drizzle, zod, ws, ...) is bundled: loading some 700 files of
 * node_modules through Node's ESM loader was about half a second of every start (docs/performance.md).
 */
const externalPackages = new Set([
  '@electric-sql/pglite',
  '@faker-js/faker',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'echarts',
  'exceljs',
  'ioredis',
  'mp4box',
  'pdfkit',
  'pino-pretty',
  'postgres',
  'sanitize-html',
  'sharp',
  'svg-to-pdfkit',
  // ws's optional native helpers: required inside a try, absent here.
  'bufferutil',
  'utf-8-validate',
]);
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** esbuild plugin: the packages above stay external, and node's own modules. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('node:') || builtinModules.includes(packageOf(args.path)))
        return { external: true };
      return externalPackages.has(packageOf(args.path)) ? { external: true } : undefined;
    });
  },
};

/**
 * Bundled CommonJS packages `require` node's modules; in an ES module there is no `require`
 * unless one is made, and esbuild's shim would throw "Dynamic require ... is not supported".
 */
const requireShim =
  "import { createRequire as __psyCreateRequire } from 'node:module';\n" +
  'const require = __psyCreateRequire(import.meta.url);';

/** esbuild plugin: `import.meta.url` in a source file becomes that file's own file: URL. */
const ownUrl = {
  name: 'own-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const contents = text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/** The key of a build: esbuild's version, this script, and each input's size and mtime. */
function stampOf(inputs) {
  const hash = createHash('sha256').update(esbuildVersion);
  for (const file of [path.join(root, 'scripts/server-build.mjs'), ...inputs]) {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    // An input that is gone (moved, deleted) is a change like any other.
    if (!st) return null;
    hash.update(`\n${file}\t${st.size}\t${st.mtimeMs}`);
  }
  return hash.digest('hex');
}

/** True when the bundle on disk was built from exactly the files that are there now. */
function upToDate() {
  try {
    const saved = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    if (!fs.existsSync(serverBundle) || !saved.chunks.every((c) => fs.existsSync(path.join(dist, c))))
      return false;
    const stamp = stampOf(saved.inputs);
    return stamp !== null && saved.stamp === stamp;
  } catch {
    return false;
  }
}

/**
 * Builds the bundle (about a second), unless the last build's inputs are unchanged. Written in a
 * directory of its own beside the final files (under the same names, so the map reference stays
 * right) and moved into place: the chunks first (named by their content, so a chunk a running
 * server may load is never changed under it), the entry last, so two processes building at once
 * (parallel test workers) never load a half-written file.
 */
export async function buildServer() {
  if (upToDate()) return serverBundle;
  const { build } = await import('esbuild');
  const tmpDir = path.join(dist, `.build-${process.pid}-${Date.now()}`);
  try {
    const result = await build({
      entryPoints: { server: path.join(root, 'apps/server/src/server.ts') },
      // The metafile names inputs relative to this directory, whatever the caller's own (the
      // benches build from bench/): the stamp must name the files themselves.
      absWorkingDir: root,
      outdir: tmpDir,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunks/[name]-[hash]',
      splitting: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Maps beside the files, not inline: `node --enable-source-maps` reads them when asked, and
      // a plain start does not parse four megabytes of map (about three seconds on two cores).
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
      banner: { js: requireShim },
      plugins: [externals, ownUrl],
    });
    // The bundled npm packages are named by the lock file (an install that changes one changes it),
    // not file by file.
    const inputs = Object.keys(result.metafile.inputs)
      .filter((f) => !f.includes('node_modules/') || f.includes('node_modules/@psy/'))
      .map((f) => path.resolve(root, f))
      .concat(path.join(root, 'package-lock.json'));
    fs.mkdirSync(chunksDir, { recursive: true });
    const built = path.join(tmpDir, 'chunks');
    const chunks = fs.existsSync(built) ? fs.readdirSync(built).map((name) => `chunks/${name}`) : [];
    for (const c of chunks) fs.renameSync(path.join(tmpDir, c), path.join(dist, c));
    fs.renameSync(path.join(tmpDir, 'server.mjs.map'), `${serverBundle}.map`);
    fs.renameSync(path.join(tmpDir, 'server.mjs'), serverBundle);
    const stampTmp = path.join(tmpDir, 'server.inputs.json');
    fs.writeFileSync(stampTmp, JSON.stringify({ stamp: stampOf(inputs), inputs, chunks }));
    fs.renameSync(stampTmp, stampFile);
    const now = Date.now();
    for (const name of fs.readdirSync(chunksDir)) {
      const file = path.join(chunksDir, name);
      if (chunks.includes(`chunks/${name}`)) continue;
      const st = fs.statSync(file, { throwIfNoEntry: false });
      if (st && now - st.mtimeMs > staleChunkMs) fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  return serverBundle;
}

// `node scripts/server-build.mjs`: build once (if anything changed) and say where.
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'scripts/server-build.mjs')) {
  console.log(await buildServer());
}
