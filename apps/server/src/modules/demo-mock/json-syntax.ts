/**
 * A strict JSON reader whose errors read like the original mock's (a PEG.js-generated parser):
 * `Expected "," or "}" but "x" found.`, `Expected ... but end of input found.`
 *
 * It keeps, as PEG.js does, every alternative that failed at the farthest position reached,
 * and names them sorted and deduplicated: literals in double quotes, `number` and `string`
 * as whole tokens (a bad escape inside a string fails the string where it starts).
 */
export class MockSyntaxError extends Error {
  constructor(
    message: string,
    readonly expected: string[],
    readonly found: string | null,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'SyntaxError';
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// Unescaped characters from U+0020 on, except the quote and backslash; or a valid escape.
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WS = /[ \t\n\r]*/y;
const MAX_DEPTH = 64;
const VALUE_START = ['"["', '"false"', '"null"', '"true"', '"{"', 'number', 'string'];

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\0': '\\0',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/** How PEG.js quotes a character it found: backslash escapes, then \xHH for other control characters. */
function quoteFound(ch: string): string {
  const code = ch.codePointAt(0)!;
  const escaped =
    ESCAPES[ch] ??
    (code < 0x20 || (code >= 0x7f && code <= 0x9f)
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : ch);
  return `"${escaped}"`;
}

export function syntaxMessage(expected: string[], found: string | null): string {
  const list = [...new Set(expected)].sort();
  const described = list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : (list[0] ?? '');
  return `Expected ${described} but ${found === null ? 'end of input' : quoteFound(found)} found.`;
}

/** Parses JSON text; throws MockSyntaxError with the mock's message on the first mistake. */
export function parseMockJson(text: string): unknown {
  let pos = 0;
  let failPos = 0;
  let failExpected: string[] = [];

  const fail = (...expected: string[]): never => {
    if (pos > failPos) {
      failPos = pos;
      failExpected = [];
    }
    if (pos === failPos) failExpected.push(...expected);
    const found = failPos < text.length ? String.fromCodePoint(text.codePointAt(failPos)!) : null;
    throw new MockSyntaxError(syntaxMessage(failExpected, found), failExpected, found, failPos);
  };
  const ws = () => {
    WS.lastIndex = pos;
    WS.exec(text);
    pos = WS.lastIndex;
  };
  const token = (re: RegExp): string | null => {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) return null;
    pos = re.lastIndex;
    return m[0];
  };
  const literal = (word: string): boolean => {
    if (!text.startsWith(word, pos)) return false;
    pos += word.length;
    return true;
  };

  let depth = 0;
  // A login body is two levels deep; a far deeper one is refused before it can exhaust the stack.
  const nested = <T>(read: () => T): T => {
    if (++depth > MAX_DEPTH) throw new MockSyntaxError('Nesting is too deep.', [], text[pos]!, pos);
    const out = read();
    depth--;
    return out;
  };
  const value = (extra: string[] = []): unknown => {
    const ch = text[pos];
    if (ch === '{') return nested(object);
    if (ch === '[') return nested(array);
    if (ch === '"') {
      const s = token(STRING);
      return s === null ? fail(...VALUE_START, ...extra) : (JSON.parse(s) as string);
    }
    if (literal('true')) return true;
    if (literal('false')) return false;
    if (literal('null')) return null;
    const n = token(NUMBER);
    return n === null ? fail(...VALUE_START, ...extra) : Number(n);
  };

  const object = (): Record<string, unknown> => {
    pos++; // {
    const out: Record<string, unknown> = {};
    ws();
    if (literal('}')) return out;
    for (;;) {
      const key = text[pos] === '"' ? token(STRING) : null;
      if (key === null) fail('string', ...(Object.keys(out).length === 0 ? ['"}"'] : []));
      ws();
      if (!literal(':')) fail('":"');
      ws();
      out[JSON.parse(key!) as string] = value();
      ws();
      if (literal('}')) return out;
      if (!literal(',')) fail('","', '"}"');
      ws();
    }
  };

  const array = (): unknown[] => {
    pos++; // [
    const out: unknown[] = [];
    ws();
    if (literal(']')) return out;
    for (;;) {
      out.push(value(out.length === 0 ? ['"]"'] : []));
      ws();
      if (literal(']')) return out;
      if (!literal(',')) fail('","', '"]"');
      ws();
    }
  };

  ws();
  const result = value();
  ws();
  if (pos < text.length) fail('end of input');
  return result;
}
