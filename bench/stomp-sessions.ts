/**
 * Many concurrent STOMP sessions: opens BENCH_SESSIONS (10,000) authenticated sessions over
 * WebSocket on loopback, each subscribed to its own user queue, holds them, and measures the
 * server's memory (VmRSS, VmHWM from /proc/<pid>/status). While they are held, chat messages
 * still have to arrive: a few sessions are real @stomp/stompjs clients, and a few of the
 * light ones get a message too.
 *
 * The mass of sessions uses a light client (raw `ws`, CONNECT and SUBSCRIBE frames written
 * by hand, the web app's heart-beat "20000,0": one shared timer sends every socket's
 * heart-beat) with at most BENCH_OPENING sockets opening at once. Accounts and sessions go
 * straight into the database (tokens hashed at rest, as auth stores them).
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and a file descriptor limit above the session count (ulimit -n).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@stomp/stompjs';
import postgres from 'postgres';
import { WebSocket } from 'ws';
import { startServer } from '../apps/e2e/src/server';
import { productionEnv } from './demo-data';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const OPENING = Number(process.env.BENCH_OPENING ?? 200);
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 30_000);
/** Sessions that are real @stomp/stompjs clients (the rest are light ones). */
const REAL = 5;
const GOAL_MB = 600;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** A session with nothing but `ws`: CONNECT, SUBSCRIBE with a receipt, then MESSAGE frames counted. */
function lightSession(url: string, token: string, userId: number) {
  return new Promise<{ ws: WebSocket; messages: () => string[] }>((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const got: string[] = [];
    let subscribed = false;
    ws.on('open', () => {
      ws.send(`CONNECT\naccept-version:1.2\nhost:localhost\nserviceToken:${token}\nheart-beat:20000,0\n\n\0`);
    });
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('CONNECTED'))
        ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/user/${userId}/message\nreceipt:subscribed\n\n\0`);
      else if (text.startsWith('RECEIPT') && !subscribed) {
        subscribed = true;
        resolve({ ws, messages: () => got });
      } else if (text.startsWith('MESSAGE')) got.push(text.slice(text.indexOf('\n\n') + 2, -1));
      else if (text.startsWith('ERROR'))
        reject(new Error(text.split('\n').find((l) => l.startsWith('message:'))));
    });
    ws.on('error', reject);
    ws.on('close', () => reject(new Error('closed before SUBSCRIBE was confirmed')));
  });
}

function stompjsSession(url: string, token: string, userId: number) {
  return new Promise<{ client: Client; messages: string[] }>((resolve, reject) => {
    const messages: string[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders: { serviceToken: token },
      reconnectDelay: 0,
      heartbeatOutgoing: 20_000,
      heartbeatIncoming: 0,
    });
    client.onConnect = () => {
      client.subscribe(`/user/${userId}/message`, (m) => messages.push(m.body), { receipt: 'subscribed' });
      client.watchForReceipt('subscribed', () => resolve({ client, messages }));
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.onWebSocketError = () => reject(new Error(`cannot connect to ${url}`));
    client.activate();
  });
}

const name = `psy_sessions_${crypto.randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-sessions-'));
const server = await startServer({
  ...productionEnv({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }),
  LOG_LEVEL: 'warn',
});
const db = postgres(url.toString(), { max: 2, onnotice: () => {} });
const pid = server.child.pid!;
const wsUrl = `${server.base.replace('http', 'ws')}/SysAdmin/api/chat/connect`;
const held: WebSocket[] = [];
const real: Client[] = [];
try {
  // One account and one session each, straight into the database, in batches.
  const accounts: { id: number; token: string }[] = [];
  for (let from = 0; from < SESSIONS; from += 1000) {
    const n = Math.min(1000, SESSIONS - from);
    const users = await db<{ id: number }[]>`
      insert into users ${db(
        Array.from({ length: n }, (_, k) => ({
          telephone: `176${String(from + k).padStart(8, '0')}`,
          name: `会话压测${from + k}`,
        })),
      )} returning id`;
    const batch = users.map((u) => ({ id: u.id, token: crypto.randomBytes(32).toString('base64url') }));
    await db`insert into sessions ${db(
      batch.map((b) => ({
        user_id: b.id,
        token_hash: crypto.createHash('sha256').update(b.token).digest('hex'),
        expires_at: new Date(Date.now() + 86_400_000),
      })),
    )}`;
    accounts.push(...batch);
  }
  const [expert] = await db<{ id: number }[]>`select id from users where telephone = '13800000002'`;
  const senderToken = crypto.randomBytes(32).toString('base64url');
  await db`insert into sessions (user_id, token_hash, expires_at) values (${expert!.id}, ${crypto
    .createHash('sha256')
    .update(senderToken)
    .digest('hex')}, now() + interval '1 day')`;

  await sleep(2000);
  const idle = memoryOf(pid);

  // The light sessions, at most OPENING opening at once; the real clients among them.
  // The web app's heart-beat: a byte every 20 s from each socket, sent by one timer for all
  // (running while they open: the first ones must keep talking meanwhile).
  const beat = setInterval(() => {
    for (const ws of held) if (ws.readyState === ws.OPEN) ws.send('\n');
  }, 15_000);
  const light = new Map<number, { messages: () => string[] }>();
  const started = performance.now();
  let next = REAL;
  await Promise.all(
    Array.from({ length: OPENING }, async () => {
      while (next < SESSIONS) {
        const a = accounts[next++]!;
        const s = await lightSession(wsUrl, a.token, a.id);
        held.push(s.ws);
        light.set(a.id, s);
      }
    }),
  );
  const realSessions = await Promise.all(
    accounts.slice(0, REAL).map((a) => stompjsSession(wsUrl, a.token, a.id)),
  );
  real.push(...realSessions.map((s) => s.client));
  const openMs = performance.now() - started;

  // Held: the server settles (and heart-beats pass) before it is measured.
  await sleep(HOLD_MS);
  const holding = memoryOf(pid);
  const open = held.filter((ws) => ws.readyState === ws.OPEN).length + real.filter((c) => c.connected).length;

  // Delivery while all of them are held: to the real clients and to a few light sessions.
  const targets = [...accounts.slice(0, REAL), ...accounts.slice(SESSIONS - REAL)];
  const sentAt = performance.now();
  for (const a of targets) {
    const begun = await fetch(`${server.base}/SysAdmin/api/chat/begin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', serviceToken: senderToken },
      body: JSON.stringify({ receiverId: a.id }),
    });
    const chatId = ((await begun.json()) as { data: { chatId: number } }).data.chatId;
    const res = await fetch(`${server.base}/SysAdmin/api/chat/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', serviceToken: senderToken },
      body: JSON.stringify({ chatId, messageType: '0', messageContent: `你好 ${a.id}` }),
    });
    if (!res.ok) throw new Error(`send failed: ${res.status}`);
  }
  const arrived = () =>
    realSessions.filter((s) => s.messages.some((m) => m.includes('你好'))).length +
    targets.slice(REAL).filter((a) =>
      light
        .get(a.id)!
        .messages()
        .some((m) => m.includes('你好')),
    ).length;
  const deadline = Date.now() + 10_000;
  while (arrived() < targets.length && Date.now() < deadline) await sleep(10);
  const deliveredMs = performance.now() - sentAt;
  clearInterval(beat);
  const after = memoryOf(pid);

  const perSession = ((holding.rss - idle.rss) * 1024) / SESSIONS;
  console.log(
    `\n${SESSIONS} STOMP sessions on loopback (${SESSIONS - REAL} light ws clients, ${REAL} @stomp/stompjs), ` +
      `${OPENING} opening at once, held ${HOLD_MS / 1000} s, heart-beat 20000,0; ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    'No per-IP socket cap to raise: the server limits sockets per account (STOMP_MAX_SOCKETS_PER_USER, ' +
      'here one session per account) and subscriptions per socket; every limit at its production default.\n',
  );
  console.log('| measure | value | goal |');
  console.log('|---|---:|---:|');
  console.log(`| sessions open (CONNECTED and subscribed) | ${open} | ${SESSIONS} |`);
  console.log(`| time to open them all, s | ${(openMs / 1000).toFixed(1)} | |`);
  console.log(`| server RSS idle, MB | ${idle.rss.toFixed(0)} | |`);
  console.log(`| server RSS holding them, MB | ${holding.rss.toFixed(0)} | <= ${GOAL_MB} |`);
  console.log(`| server peak RSS (VmHWM), MB | ${after.hwm.toFixed(0)} | <= ${GOAL_MB} |`);
  console.log(`| per session (RSS held - idle), KB | ${perSession.toFixed(1)} | |`);
  console.log(
    `| messages delivered while held (${REAL} stompjs + ${REAL} light) | ${arrived()} of ${targets.length} in ${deliveredMs.toFixed(0)} ms | all |`,
  );
  if (open < SESSIONS || arrived() < targets.length) process.exitCode = 1;
} finally {
  for (const ws of held) ws.terminate();
  await Promise.all(real.map((c) => c.deactivate()));
  await db.end();
  await server.stop();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
