import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images and fonts are compressed formats already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a file goes out as it is (as the server's own threshold for API answers). */
const MIN_BYTES = 1024;

/**
 * After the build, writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside
 * every text asset of at least 1 KB whose compressed form is smaller, for the server to send
 * as they are (@fastify/static `preCompressed`): the work is done once, not per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'psy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((f) => path.join(outDir, f))
        .filter((f) => TEXT.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
