import { describe, expect, it } from 'vitest';
import { MockSyntaxError, parseMockJson } from './json-syntax';

const messageOf = (text: string) => {
  try {
    parseMockJson(text);
  } catch (err) {
    if (err instanceof MockSyntaxError) return err.message;
    throw err;
  }
  throw new Error(`parsed: ${text}`);
};

describe('parseMockJson', () => {
  it('reads valid JSON exactly as JSON.parse does', () => {
    for (const text of [
      '{"username":"admin","password":"123456"}',
      ' { "a" : [ 1 , -2.5e3 , true , false , null , "\\u4e2d\\n" ] , "b" : { } } ',
      '[]',
      '"x"',
      '0',
    ]) {
      expect(parseMockJson(text)).toEqual(JSON.parse(text));
    }
  });

  it('names what was expected, sorted, and what was found, PEG.js style', () => {
    expect(messageOf('')).toBe(
      'Expected "[", "false", "null", "true", "{", number or string but end of input found.',
    );
    expect(messageOf('[1,]')).toBe(
      'Expected "[", "false", "null", "true", "{", number or string but "]" found.',
    );
    expect(messageOf('[')).toBe(
      'Expected "[", "]", "false", "null", "true", "{", number or string but end of input found.',
    );
    expect(messageOf('{"a":1 "b":2}')).toBe('Expected "," or "}" but "\\"" found.');
    expect(messageOf('{"a\\x":1}')).toBe('Expected "}" or string but "\\"" found.');
    expect(messageOf('{"a":"\t"}')).toBe(
      'Expected "[", "false", "null", "true", "{", number or string but "\\"" found.',
    );
    expect(messageOf('\u0001')).toBe(
      'Expected "[", "false", "null", "true", "{", number or string but "\\x01" found.',
    );
    expect(messageOf('01')).toBe('Expected end of input but "1" found.');
  });

  it('refuses absurd nesting instead of exhausting the stack', () => {
    expect(messageOf('['.repeat(100_000))).toBe('Nesting is too deep.');
  });
});
