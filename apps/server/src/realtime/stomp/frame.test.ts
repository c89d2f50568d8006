import { describe, expect, it } from 'vitest';
import {
  escapeHeader,
  messageFrame,
  messageTail,
  serializeFrame,
  StompError,
  StompParser,
  unescapeHeader,
  type Frame,
} from './frame';

const parse = (input: string | Buffer, max = 64 * 1024) => new StompParser(max).push(input);

describe('STOMP frame parser', () => {
  it('parses a frame with headers and a NUL-terminated body', () => {
    const [f] = parse('SEND\ndestination:/queue/a\ncontent-type:text/plain\n\nhello\0') as Frame[];
    expect(f!.command).toBe('SEND');
    expect(f!.headers).toEqual({ destination: '/queue/a', 'content-type': 'text/plain' });
    expect(f!.body.toString()).toBe('hello');
  });

  it('accepts CRLF line endings', () => {
    const [f] = parse('SUBSCRIBE\r\nid:0\r\ndestination:/user/1/message\r\n\r\n\0') as Frame[];
    expect(f!.headers).toEqual({ id: '0', destination: '/user/1/message' });
  });

  it('reads exactly content-length bytes, so a body may contain NUL', () => {
    const body = Buffer.from([104, 0, 105]);
    const frame = Buffer.concat([Buffer.from('SEND\ncontent-length:3\n\n'), body, Buffer.from([0])]);
    const [f] = parse(frame) as Frame[];
    expect([...f!.body]).toEqual([104, 0, 105]);
  });

  it('counts multi-byte UTF-8 bodies in bytes', () => {
    const wire = serializeFrame({
      command: 'MESSAGE',
      headers: { destination: '/user/1/message' },
      body: '你好，世界',
    });
    expect(wire.toString()).toContain(`content-length:${Buffer.byteLength('你好，世界')}`);
    const [f] = parse(wire) as Frame[];
    expect(f!.body.toString()).toBe('你好，世界');
  });

  it('treats lone EOLs as heart-beats and handles several frames in one chunk', () => {
    const out = parse('\n\nCONNECT\naccept-version:1.2\n\n\0\nDISCONNECT\nreceipt:7\n\n\0\n');
    expect(out.filter((x) => x === 'heartbeat')).toHaveLength(4);
    const frames = out.filter((x): x is Frame => x !== 'heartbeat');
    expect(frames.map((f) => f.command)).toEqual(['CONNECT', 'DISCONNECT']);
  });

  it('waits for the rest of a frame split across chunks', () => {
    const p = new StompParser(1024);
    expect(p.push('SEND\ndestination:/a\ncontent-len')).toEqual([]);
    expect(p.push('gth:5\n\nab')).toEqual([]);
    const [f] = p.push(Buffer.from('cde\0')) as Frame[];
    expect(f!.body.toString()).toBe('abcde');
  });

  it('keeps the first of repeated headers', () => {
    const [f] = parse('MESSAGE\nfoo:World\nfoo:Hello\n\n\0') as Frame[];
    expect(f!.headers.foo).toBe('World');
  });

  it('unescapes headers except on CONNECT', () => {
    const [f] = parse('SEND\nkey\\cname:a\\nb\\\\c\\rd\n\n\0') as Frame[];
    expect(f!.headers['key:name']).toBe('a\nb\\c\rd');
    const [c] = parse('CONNECT\nserviceToken:ab\\c\n\n\0') as Frame[];
    expect(c!.headers.serviceToken).toBe('ab\\c');
  });

  it('rejects undefined escapes, bad commands and bad content-length', () => {
    expect(() => parse('SEND\nk:\\t\n\n\0')).toThrow(StompError);
    expect(() => parse('send\n\n\0')).toThrow(StompError);
    expect(() => parse('SEND\ncontent-length:x\n\n\0')).toThrow(StompError);
    expect(() => parse('SEND\ncontent-length:1\n\nab\0')).toThrow(/NUL/);
    expect(() => parse('SEND\nnocolon\n\n\0')).toThrow(StompError);
  });

  it('refuses frames over the limit, declared or not', () => {
    const big = `SEND\n\n${'x'.repeat(200)}`;
    expect(() => parse(big, 100)).toThrow(expect.objectContaining({ kind: 'too-large' }));
    expect(() => parse('SEND\ncontent-length:5000\n\n', 100)).toThrow(
      expect.objectContaining({ kind: 'too-large' }),
    );
  });
});

describe('STOMP serializer', () => {
  it('escapes headers and round-trips through the parser', () => {
    const headers = { destination: '/user/1/message', 'x-note': 'a:b\nc\\d\re' };
    const [f] = parse(serializeFrame({ command: 'MESSAGE', headers, body: '{"a":1}' })) as Frame[];
    expect(f!.headers['x-note']).toBe('a:b\nc\\d\re');
    expect(f!.headers['content-length']).toBe('7');
    expect(f!.body.toString()).toBe('{"a":1}');
  });

  it('writes CONNECTED headers raw and ends every frame with NUL', () => {
    const wire = serializeFrame({
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': '10000,20000' },
    });
    expect(wire.toString()).toBe('CONNECTED\nversion:1.2\nheart-beat:10000,20000\n\n\0');
  });

  it('escape and unescape are inverse', () => {
    for (const s of ['', 'plain', 'a:b', '\\', '\n\r:\\', '中文:值'])
      expect(unescapeHeader(escapeHeader(s))).toBe(s);
  });
  it('a MESSAGE frame made from a shared tail is byte for byte what serializeFrame makes', () => {
    for (const [sub, body] of [
      ['sub-0', '{"id":1,"messageContent":"你好"}'],
      ['a:b\\c\n', '{}'],
      ['x', ''],
    ] as const) {
      const tail = messageTail('/user/7/message', 'application/json', body);
      const expected = serializeFrame({
        command: 'MESSAGE',
        headers: {
          subscription: sub,
          'message-id': '42',
          destination: '/user/7/message',
          'content-type': 'application/json',
        },
        body,
      });
      expect(messageFrame(sub, '42', tail).equals(expected)).toBe(true);
      const [f] = parse(messageFrame(sub, '42', tail)) as Frame[];
      expect(f!.headers.subscription).toBe(sub);
      expect(f!.body.toString()).toBe(body);
    }
  });
});
