/**
 * STOMP 1.2 frames: an incremental parser and a serializer.
 * https://stomp.github.io/stomp-specification-1.2.html
 */

export interface Frame {
  command: string;
  /** Header names and values, unescaped; a repeated header keeps its first value (spec). */
  headers: Record<string, string>;
  body: Buffer;
}

export class StompError extends Error {
  constructor(
    message: string,
    readonly kind: 'malformed' | 'too-large',
  ) {
    super(message);
    this.name = 'StompError';
  }
}

const NUL = 0;
const LF = 10;
const CR = 13;

export const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);

/** CONNECT and CONNECTED headers are never escaped (spec: "Value Encoding"). */
const RAW_HEADER_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

const NEEDS_ESCAPE = /[\\\r\n:]/;

export function escapeHeader(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

export function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/g, (_m, c: string) => {
    switch (c) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new StompError(`undefined escape sequence \\${c}`, 'malformed');
    }
  });
}

export function serializeFrame(frame: {
  command: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Buffer {
  const body =
    frame.body === undefined
      ? Buffer.alloc(0)
      : Buffer.isBuffer(frame.body)
        ? frame.body
        : Buffer.from(frame.body);
  const raw = RAW_HEADER_COMMANDS.has(frame.command);
  const lines = [frame.command];
  for (const [k, v] of Object.entries(frame.headers ?? {})) {
    if (k === 'content-length') continue;
    lines.push(raw ? `${k}:${v}` : `${escapeHeader(k)}:${escapeHeader(v)}`);
  }
  if (body.length > 0) lines.push(`content-length:${body.length}`);
  const head = Buffer.from(`${lines.join('\n')}\n\n`);
  return Buffer.concat([head, body, Buffer.from([NUL])]);
}

/**
 * The part of a MESSAGE frame that every subscriber of one destination gets alike: the
 * headers after `subscription` and `message-id`, the body and the closing NUL. Made once per
 * push and shared; `messageFrame` puts each subscriber's own two headers in front. The bytes
 * are those serializeFrame makes for the same headers in the same order.
 */
export function messageTail(destination: string, contentType: string, body: string): Buffer {
  const bytes = Buffer.from(body);
  const head = `destination:${escapeHeader(destination)}\ncontent-type:${escapeHeader(contentType)}\n${
    bytes.length > 0 ? `content-length:${bytes.length}\n` : ''
  }\n`;
  return Buffer.concat([Buffer.from(head), bytes, Buffer.from([NUL])]);
}

/** One subscriber's MESSAGE frame around a shared `messageTail`. */
export function messageFrame(subscription: string, messageId: string, tail: Buffer): Buffer {
  const head = Buffer.from(
    `MESSAGE\nsubscription:${escapeHeader(subscription)}\nmessage-id:${escapeHeader(messageId)}\n`,
  );
  return Buffer.concat([head, tail], head.length + tail.length);
}

/**
 * Turns a byte stream into frames. Frames may arrive split over several WebSocket
 * messages or several in one; lone EOLs between frames are heart-beats.
 */
export class StompParser {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes: number) {}

  push(chunk: Buffer | string): Array<Frame | 'heartbeat'> {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    const out: Array<Frame | 'heartbeat'> = [];
    for (;;) {
      // Heart-beats: EOLs before a command.
      let i = 0;
      while (i < this.buf.length && (this.buf[i] === LF || this.buf[i] === CR)) {
        if (this.buf[i] === LF) out.push('heartbeat');
        i++;
      }
      if (i > 0) this.buf = this.buf.subarray(i);
      if (this.buf.length === 0) return out;
      const frame = this.tryFrame();
      if (!frame) {
        if (this.buf.length > this.maxFrameBytes) throw new StompError('frame too large', 'too-large');
        return out;
      }
      out.push(frame);
    }
  }

  private tryFrame(): Frame | null {
    const buf = this.buf;
    // The header block ends at the first empty line.
    let headerEnd = -1;
    let bodyStart = -1;
    for (let i = 0; i < buf.length; i++) {
      if (buf[i] !== LF) continue;
      if (buf[i + 1] === LF) {
        headerEnd = i;
        bodyStart = i + 2;
        break;
      }
      if (buf[i + 1] === CR && buf[i + 2] === LF) {
        headerEnd = i;
        bodyStart = i + 3;
        break;
      }
    }
    if (headerEnd < 0) return null;
    const lines = buf
      .subarray(0, headerEnd)
      .toString('utf8')
      .split('\n')
      .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines[0] ?? '';
    if (!/^[A-Z]+$/.test(command))
      throw new StompError(`bad command ${JSON.stringify(command.slice(0, 20))}`, 'malformed');
    const raw = RAW_HEADER_COMMANDS.has(command);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompError('malformed header line', 'malformed');
      const key = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      if (!(key in headers)) headers[key] = value;
    }
    let bodyEnd: number;
    const declared = headers['content-length'];
    if (declared !== undefined) {
      if (!/^\d+$/.test(declared)) throw new StompError('bad content-length', 'malformed');
      const len = Number(declared);
      if (bodyStart + len + 1 > this.maxFrameBytes) throw new StompError('frame too large', 'too-large');
      if (buf.length < bodyStart + len + 1) return null;
      bodyEnd = bodyStart + len;
      if (buf[bodyEnd] !== NUL) throw new StompError('frame not terminated by NUL', 'malformed');
    } else {
      bodyEnd = buf.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) return null;
    }
    if (bodyEnd + 1 > this.maxFrameBytes) throw new StompError('frame too large', 'too-large');
    const body = Buffer.from(buf.subarray(bodyStart, bodyEnd));
    this.buf = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}
