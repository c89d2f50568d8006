import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, messages } from '@psy/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>网页尚未构建</title>
<body style="font-family:sans-serif;padding:40px"><h1>网页尚未构建</h1>
<p>请在项目根目录运行 <code>npm run build</code>（或 <code>npm start</code>，它会自动构建）后刷新本页。</p></body></html>`;

/**
 * Serves the built web app, with history-mode fallback: any GET for a non-API path
 * without a file extension answers index.html, so deep links work after a reload.
 * Unknown API paths answer the 404 envelope; so do the demo mock's paths (/v1/*, /table/list)
 * when DEMO_CONSOLE is off.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  // The shell is small and fixed for the life of the process: keep it in memory.
  const shell = built ? fs.readFileSync(indexFile) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const sendShell = (reply: FastifyReply) => {
    if (!shell) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shell);
  };
  // The static plugin refuses directory paths, so the root is answered here.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendShell(reply));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi =
      [API_PREFIX, '/v1'].some((p) => url === p || url.startsWith(`${p}/`)) ||
      url.replace(/\/$/, '') === '/table/list';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url);
    if (isApi || !isPage) {
      return reply
        .code(404)
        .send({ status: 404, data: null, message: isApi ? messages.apiNotFound : messages.notFound });
    }
    return sendShell(reply);
  });
}
