// The ceiling: bare Fastify answering a small JSON route, no database, no logging; or, with
// ANSWER_FILE, the JSON in that file (parsed once, serialized by Fastify at every answer).
import fs from 'node:fs';
import Fastify from 'fastify';

const file = process.env.ANSWER_FILE;
const answer: unknown = file
  ? JSON.parse(fs.readFileSync(file, 'utf8'))
  : { status: 200, data: { ok: true }, message: '操作成功' };
const app = Fastify({ logger: false });
app.get('/json', async () => answer);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
