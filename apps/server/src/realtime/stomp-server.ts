import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  STOMP_CONNECT_TIMEOUT_MS,
  STOMP_IDLE_TIMEOUT_MS,
  STOMP_MAX_SOCKETS_PER_USER,
  STOMP_MAX_SUBSCRIPTIONS,
} from '@psy/contracts';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { SessionUser } from '../modules/auth/session.service';
import {
  messageFrame,
  messageTail,
  serializeFrame,
  StompParser,
  type Frame,
  type StompError,
} from './stomp/frame';
import { closeReason, negotiateHeartbeat, refusal, SubscriptionTable } from './stomp/session';
import type { Channel, Hub, HubConnection } from './hub';

export interface StompServerOptions {
  path: string;
  hub: Hub;
  resolveSession(token: string): Promise<SessionUser | null>;
  /** Origins allowed besides the page's own; an absent Origin (non-browser client) is allowed. */
  allowedOrigins: string[];
  maxFrameBytes: number;
  /** What the server offers: it can send heart-beats every `send` ms and wants one every `expect` ms. */
  heartbeat: { send: number; expect: number };
  /** How long a new socket may take to send CONNECT and have it accepted. */
  connectTimeoutMs?: number;
  /** When no incoming heart-beats were agreed: how long a socket may stay silent. */
  idleTimeoutMs?: number;
  /** Subscriptions one socket may hold. */
  maxSubscriptions?: number;
  /** CONNECTED sessions one user may hold on this instance. */
  maxSocketsPerUser?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Frames a client may send after CONNECT before the server has answered it (while the token
 * is being checked); they are handled in order once CONNECTED has gone out.
 */
export const MAX_FRAMES_BEFORE_CONNECTED = 64;
/** After an ERROR frame, how long the peer gets to complete the close handshake. */
const CLOSE_GRACE_MS = 1_000;

/** A user's own destinations only: what reaches them there was chosen for them by the server. */
const DESTINATION = /^\/user\/(\d+)\/(message|notification|dashboard)$/;

const isConnect = (frame: Frame) => frame.command === 'CONNECT' || frame.command === 'STOMP';

function originAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * STOMP 1.2 over WebSocket at `path`, on the HTTP server Fastify listens with.
 *
 * One socket is one session: exactly one CONNECT, then frames. Every refusal is an ERROR
 * frame followed by the close of the socket; every path that ends a socket goes through one
 * `shutdown`, which clears the socket's timers and takes it out of the hub.
 */
export function attachStompServer(server: Server, opts: StompServerOptions) {
  const limits = {
    connectTimeoutMs: opts.connectTimeoutMs ?? STOMP_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: opts.idleTimeoutMs ?? STOMP_IDLE_TIMEOUT_MS,
    maxSubscriptions: opts.maxSubscriptions ?? STOMP_MAX_SUBSCRIPTIONS,
    maxSocketsPerUser: opts.maxSocketsPerUser ?? STOMP_MAX_SOCKETS_PER_USER,
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes * 4 });
  /** Sockets being served (from upgrade until shutdown). */
  let served = 0;
  /** CONNECTED sessions per user on this instance. */
  const sessionsByUser = new Map<number, number>();
  /** Timers of all sockets, live ones only. */
  let liveTimers = 0;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = (req.url ?? '').split('?')[0];
    if (url !== opts.path) return;
    if (!originAllowed(req, opts.allowedOrigins)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws));
  };
  server.on('upgrade', onUpgrade);

  /** One socket's timers, counted server-wide; none can be started once it is stopped. */
  function socketTimers() {
    const set = new Set<NodeJS.Timeout>();
    let stopped = false;
    const forget = (t: NodeJS.Timeout) => {
      if (set.delete(t)) liveTimers--;
    };
    const keep = (t: NodeJS.Timeout) => {
      set.add(t);
      liveTimers++;
      return t;
    };
    return {
      timeout(fn: () => void, ms: number): NodeJS.Timeout | undefined {
        if (stopped) return undefined;
        const t: NodeJS.Timeout = setTimeout(() => {
          forget(t);
          fn();
        }, ms);
        return keep(t);
      },
      interval(fn: () => void, ms: number): NodeJS.Timeout | undefined {
        if (stopped) return undefined;
        return keep(setInterval(fn, ms));
      },
      clear(t: NodeJS.Timeout | undefined) {
        if (!t) return;
        clearTimeout(t);
        forget(t);
      },
      stop() {
        stopped = true;
        for (const t of set) clearTimeout(t);
        liveTimers -= set.size;
        set.clear();
      },
    };
  }

  function serve(ws: WebSocket) {
    served++;
    const parser = new StompParser(opts.maxFrameBytes);
    const subscriptions = new SubscriptionTable(limits.maxSubscriptions);
    const timers = socketTimers();
    /** new: waiting for CONNECT; connecting: checking its token; connected; closed. */
    let phase: 'new' | 'connecting' | 'connected' | 'closed' = 'new';
    /** Frames received while connecting, and the refusal already decided among them. */
    const early: Frame[] = [];
    let earlyRefusal: string | null = null;
    let user: SessionUser | null = null;
    let conn: HubConnection | null = null;
    let messageSeq = 0;
    let lastReceived = Date.now();
    const isClosed = () => phase === 'closed';
    const connectTimer = timers.timeout(
      () => fail(refusal.connectTimeout(limits.connectTimeoutMs)),
      limits.connectTimeoutMs,
    );

    const send = (frame: Parameters<typeof serializeFrame>[0]) => {
      if (ws.readyState === ws.OPEN) ws.send(serializeFrame(frame));
    };
    /** The one way out: every timer cleared, the hub and the per-user count let go. */
    const shutdown = () => {
      if (phase === 'closed') return;
      const wasConnected = phase === 'connected';
      phase = 'closed';
      timers.stop();
      early.length = 0;
      served--;
      if (conn) opts.hub.remove(conn);
      if (wasConnected && user) {
        const n = (sessionsByUser.get(user.userId) ?? 1) - 1;
        if (n > 0) sessionsByUser.set(user.userId, n);
        else sessionsByUser.delete(user.userId);
      }
    };
    /** STOMP: an ERROR frame, then the connection is closed. */
    function fail(message: string, detail = '') {
      if (phase === 'closed') return;
      send({ command: 'ERROR', headers: { message, 'content-type': 'text/plain' }, body: detail || message });
      shutdown();
      ws.close(1000, closeReason(message));
      // A peer that never answers the close handshake is cut off rather than held for ws's 30 s.
      const grace = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
      ws.once('close', () => clearTimeout(grace));
    }
    const receipt = (frame: Frame) => {
      const id = frame.headers.receipt;
      if (id) send({ command: 'RECEIPT', headers: { 'receipt-id': id } });
    };
    /** Without incoming heart-beats: closed after `idleTimeoutMs` without a byte. */
    const watchIdle = (delay: number) => {
      timers.timeout(() => {
        const quiet = Date.now() - lastReceived;
        if (quiet >= limits.idleTimeoutMs) {
          opts.log.info({ userId: user?.userId }, 'stomp: idle socket, closing');
          fail(refusal.idle(limits.idleTimeoutMs));
        } else watchIdle(limits.idleTimeoutMs - quiet);
      }, delay);
    };

    async function onConnect(frame: Frame) {
      const versions = (frame.headers['accept-version'] ?? '1.0').split(',');
      if (!versions.includes('1.2')) return fail('unsupported version', 'This server speaks STOMP 1.2');
      const token = frame.headers.serviceToken ?? frame.headers.servicetoken ?? '';
      const session = token ? await opts.resolveSession(token) : null;
      if (phase === 'closed') return;
      if (!session) return fail('unauthorized', '登录已过期，请重新登录');
      // Checked and counted with no await in between: concurrent CONNECTs cannot both slip in.
      const held = sessionsByUser.get(session.userId) ?? 0;
      if (held >= limits.maxSocketsPerUser) {
        opts.log.info({ userId: session.userId }, 'stomp: too many sockets for one user, refused');
        return fail(
          refusal.tooManySockets(limits.maxSocketsPerUser),
          '同时打开的实时连接过多，请关闭其他页面后重试',
        );
      }
      sessionsByUser.set(session.userId, held + 1);
      user = session;
      phase = 'connected';
      timers.clear(connectTimer);
      const { outgoing, incoming } = negotiateHeartbeat(frame.headers['heart-beat'], opts.heartbeat);
      send({
        command: 'CONNECTED',
        headers: {
          version: '1.2',
          'heart-beat': `${opts.heartbeat.send},${opts.heartbeat.expect}`,
          server: 'psy-stomp/1.0',
        },
      });
      if (outgoing) timers.interval(() => ws.readyState === ws.OPEN && ws.send('\n'), outgoing);
      if (incoming) {
        // Some slack for network jitter, as the spec suggests.
        const limit = incoming * 2;
        timers.interval(
          () => {
            if (Date.now() - lastReceived > limit) {
              opts.log.info({ userId: session.userId }, 'stomp: heart-beat missed, closing');
              shutdown();
              ws.terminate();
            }
          },
          Math.max(50, Math.floor(incoming / 2)),
        );
      } else {
        watchIdle(limits.idleTimeoutMs);
      }
      conn = {
        userId: session.userId,
        sessionId: session.sessionId,
        deliver(channel: Channel, body, shared) {
          if (ws.readyState !== ws.OPEN) return;
          for (const id of subscriptions.idsFor(channel)) {
            // Encoded once per push (the destination is the user's own), whatever the sockets.
            shared.frame ??= messageTail(`/user/${session.userId}/${channel}`, 'application/json', body);
            ws.send(messageFrame(id, String(++messageSeq), shared.frame));
          }
        },
        close(reason, kind = 'session') {
          // A client reconnects after 'server restarting', never after 'session ended'.
          fail(kind === 'shutdown' ? 'server restarting' : 'session ended', reason);
        },
      };
      opts.hub.add(conn);
      receipt(frame);
      // What arrived while the token was checked, in order; then the refusal decided meanwhile.
      for (const f of early.splice(0)) {
        if (phase !== 'connected') return;
        onFrame(f);
      }
      if (earlyRefusal) fail(earlyRefusal);
    }

    /** A frame received while CONNECT is being checked: kept for later, up to a point. */
    function hold(frame: Frame) {
      // Past a refusal nothing more is kept: the socket closes there.
      if (earlyRefusal) return;
      if (isConnect(frame)) earlyRefusal = refusal.duplicateConnect();
      else if (early.length >= MAX_FRAMES_BEFORE_CONNECTED)
        earlyRefusal = refusal.tooManyEarlyFrames(MAX_FRAMES_BEFORE_CONNECTED);
      else early.push(frame);
    }

    function onFrame(frame: Frame) {
      if (phase === 'new') {
        if (!isConnect(frame)) return fail('not connected', 'The first frame must be CONNECT');
        phase = 'connecting';
        onConnect(frame).catch((err: unknown) => {
          opts.log.warn({ err }, 'stomp: CONNECT failed');
          fail(refusal.serverError());
        });
        return;
      }
      if (phase !== 'connected' || !user) return;
      switch (frame.command) {
        case 'CONNECT':
        case 'STOMP':
          return fail(refusal.duplicateConnect());
        case 'SUBSCRIBE': {
          const id = frame.headers.id;
          const m = DESTINATION.exec(frame.headers.destination ?? '');
          if (!id) return fail('missing id header');
          if (!m || Number(m[1]) !== user.userId) return fail('forbidden destination', '只能订阅自己的消息');
          const refused = subscriptions.add(id, m[2] as Channel);
          if (refused) return fail(refused);
          return receipt(frame);
        }
        case 'UNSUBSCRIBE':
          subscriptions.delete(frame.headers.id ?? '');
          return receipt(frame);
        case 'DISCONNECT':
          receipt(frame);
          shutdown();
          return void setTimeout(() => ws.close(1000), 20).unref();
        case 'ACK':
        case 'NACK':
          return receipt(frame);
        case 'SEND':
          return fail('SEND not supported', '请通过 POST /SysAdmin/api/chat/send 发送消息');
        default:
          return fail('unsupported frame', frame.command);
      }
    }

    ws.on('message', (data: RawData) => {
      if (phase === 'closed') return;
      lastReceived = Date.now();
      const chunk = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      let items;
      try {
        items = parser.push(chunk);
      } catch (err) {
        const e = err as StompError;
        return fail(e.kind === 'too-large' ? 'frame too large' : 'malformed frame', e.message);
      }
      for (const item of items) {
        // A frame handled above may have closed the socket: the rest of the message is dropped.
        if (isClosed()) return;
        if (item === 'heartbeat') continue;
        if (phase === 'connecting') hold(item);
        else onFrame(item);
      }
    });
    ws.on('close', shutdown);
    ws.on('error', (err) => {
      opts.log.warn({ err }, 'stomp socket error');
      shutdown();
    });
  }

  return {
    /** What this instance holds: all of it goes back to 0 once every socket has closed. */
    stats() {
      let sessions = 0;
      for (const n of sessionsByUser.values()) sessions += n;
      return {
        /** WebSockets the ws server still holds (including ones finishing their close). */
        websockets: wss.clients.size,
        /** Sockets being served: not yet shut down. */
        sockets: served,
        /** CONNECTED sessions (each one registered with the hub). */
        sessions,
        /** Users with at least one CONNECTED session. */
        users: sessionsByUser.size,
        /** Connect, heart-beat and idle timers still scheduled. */
        timers: liveTimers,
      };
    },
    limits,
    async close() {
      server.off('upgrade', onUpgrade);
      opts.hub.closeAll('server shutting down');
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}

export type StompServer = ReturnType<typeof attachStompServer>;
