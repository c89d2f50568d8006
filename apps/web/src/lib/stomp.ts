import type * as Stomp from '@stomp/stompjs';
import type { IMessage } from '@stomp/stompjs';
import { STOMP_HEARTBEAT_MS, STOMP_PATH } from '@psy/contracts/constants';
import { ApiError } from './api';

/**
 * connecting: first attempt; connected: subscribed; reconnecting: the socket dropped and a
 * retry is scheduled; stopped: the server refused us for good (or we closed it).
 */
export type StompStatus = 'connecting' | 'connected' | 'reconnecting' | 'stopped';

export interface StompOptions {
  token: string;
  /** Destination -> handler of each MESSAGE body (already parsed as JSON). */
  subscriptions: Record<string, (body: unknown) => void>;
  onStatus: (status: StompStatus, reason?: string) => void;
  /**
   * After every successful (re)connect, once the server has confirmed every subscription
   * (RECEIPT): the place to catch up on what was missed.
   */
  onConnected: () => void;
  /**
   * Asked after an ERROR frame. The server sends one both when the session is over (logout,
   * expired token) and when it shuts down for a restart; only the session can tell them
   * apart. Answers false to stay disconnected, true to connect again; throws while it
   * cannot tell yet (server still down), and is asked again later.
   */
  sessionAlive?: () => Promise<boolean>;
}

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** ws(s)://<this host>/SysAdmin/api/chat/connect, following the page's own scheme. */
export function stompUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${STOMP_PATH}`;
}

function parse(message: IMessage): unknown {
  try {
    return JSON.parse(message.body) as unknown;
  } catch {
    return null;
  }
}

/**
 * One STOMP session over WebSocket (spec section 7): serviceToken in the CONNECT headers,
 * heart-beat out 20 s and in disabled, reconnect with back-off from 1 s doubling to 30 s.
 * An ERROR frame ends the connection without the automatic retries; it is opened again
 * only if `sessionAlive` says the session is still good. Answers a function that closes it.
 * The STOMP client is loaded on the first connection, so visitors never download it.
 */
export function openStomp(opts: StompOptions): () => void {
  let closed = false;
  let close: (() => void) | undefined;
  opts.onStatus('connecting');
  import('@stomp/stompjs').then(
    (stomp) => {
      if (!closed) close = connect(stomp, opts);
    },
    () => {
      if (!closed) opts.onStatus('stopped', 'client failed to load');
    },
  );
  return () => {
    closed = true;
    close?.();
  };
}

function connect({ Client, ReconnectionTimeMode }: typeof Stomp, opts: StompOptions): () => void {
  let closed = false;
  let refused = false;
  let everConnected = false;
  /** ERROR frames in a row without a good connection between: each waits twice as long. */
  let errorStreak = 0;
  let recheck: ReturnType<typeof setTimeout> | undefined;
  const client = new Client({
    brokerURL: stompUrl(),
    connectHeaders: { serviceToken: opts.token },
    heartbeatOutgoing: STOMP_HEARTBEAT_MS,
    heartbeatIncoming: 0,
    reconnectDelay: RECONNECT_FIRST_MS,
    maxReconnectDelay: RECONNECT_MAX_MS,
    reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
    // A CONNECT that gets no answer is treated like a dropped socket.
    connectionTimeout: 10_000,
  });

  let receiptSeq = 0;
  client.onConnect = () => {
    // Catching up before the server has the subscriptions could miss what is published in
    // between: each SUBSCRIBE asks for a RECEIPT, and onConnected waits for all of them.
    // (A connection that drops first never answers; the next one starts over.)
    const entries = Object.entries(opts.subscriptions);
    let waiting = entries.length;
    const subscribed = () => {
      if (--waiting > 0 || closed) return;
      everConnected = true;
      errorStreak = 0;
      opts.onStatus('connected');
      opts.onConnected();
    };
    for (const [destination, handler] of entries) {
      const receipt = `sub-${++receiptSeq}`;
      client.watchForReceipt(receipt, subscribed);
      client.subscribe(
        destination,
        (m) => {
          const body = parse(m);
          if (body !== null) handler(body);
        },
        { receipt },
      );
    }
    if (entries.length === 0) {
      waiting = 1;
      subscribed();
    }
  };

  const checkSession = (delay: number) => {
    recheck = setTimeout(async () => {
      if (closed) return;
      let alive: boolean;
      try {
        alive = await opts.sessionAlive!();
      } catch {
        return checkSession(Math.min(delay * 2, RECONNECT_MAX_MS));
      }
      if (closed) return;
      if (!alive) return opts.onStatus('stopped', 'session ended');
      refused = false;
      client.activate();
    }, delay);
  };

  client.onStompError = (frame) => {
    refused = true;
    const reason = frame.headers.message ?? 'error';
    void client.deactivate().then(() => {
      if (closed) return;
      if (!opts.sessionAlive) return opts.onStatus('stopped', reason);
      // The delay also lets a logout in this tab finish first (it closes us), so no check runs then.
      opts.onStatus('reconnecting', reason);
      // A limit (too many tabs or subscriptions) will not clear in a second: wait the longest.
      errorStreak++;
      const delay = /上限/.test(reason)
        ? RECONNECT_MAX_MS
        : Math.min(RECONNECT_FIRST_MS * 2 ** (errorStreak - 1), RECONNECT_MAX_MS);
      checkSession(delay);
    });
  };
  client.onWebSocketClose = () => {
    if (closed || refused) return;
    opts.onStatus(everConnected ? 'reconnecting' : 'connecting');
  };

  opts.onStatus('connecting');
  client.activate();
  return () => {
    closed = true;
    clearTimeout(recheck);
    void client.deactivate();
  };
}

/**
 * A `sessionAlive` check from any authenticated call: it answers whether the token still
 * works (401: no; a network failure throws, and the check is asked again later).
 */
export function aliveIf(call: () => Promise<unknown>): () => Promise<boolean> {
  return () =>
    call().then(
      () => true,
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) return false;
        throw err;
      },
    );
}
