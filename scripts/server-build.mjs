// Builds the server into one file (apps/server/dist/server.mjs) with esbuild, so a start loads
// plain JavaScript instead of compiling ~500 TypeScript files through tsx every time (issue 18:
// start time). Our code and the workspace packages are bundled; every npm package stays an
// import of node_modules. `import.meta.url` keeps meaning the source file's own address (the
// migrations, fonts, seed media and package.json are found next to the sources).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from './web-build.mjs';

export const serverBundle = path.join(root, 'apps/server/dist/server.mjs');

/** esbuild plugin: bare imports stay external except our workspace packages (TypeScript sources). */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@psy/') || args.kind === 'entry-point' ? undefined : { external: true },
    );
  },
};

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

/**
 * Builds the bundle (about a second). Written in a directory of its own beside the final files
 * (under the same names, so the bundle's map reference stays right) and renamed into place, so
 * two processes building at once (parallel test workers) never load a half-written file.
 */
export async function buildServer() {
  const dist = path.dirname(serverBundle);
  const tmpDir = path.join(dist, `.build-${process.pid}-${Date.now()}`);
  const tmp = path.join(tmpDir, path.basename(serverBundle));
  try {
    await build({
      entryPoints: [path.join(root, 'apps/server/src/server.ts')],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // A map beside the bundle, not inline: `node --enable-source-maps` reads it when asked, and a
      // plain start does not parse four megabytes of map (about three seconds on two cores).
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [externals, ownUrl],
    });
    fs.renameSync(`${tmp}.map`, `${serverBundle}.map`);
    fs.renameSync(tmp, serverBundle);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  return serverBundle;
}

// `node scripts/server-build.mjs`: build once and say where.
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'scripts/server-build.mjs')) {
  console.log(await buildServer());
}
