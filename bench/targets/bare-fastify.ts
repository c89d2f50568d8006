// The ceiling: bare Fastify answering a small JSON route, no database, no logging.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ status: 200, data: { ok: true }, message: '操作成功' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
