import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 8080, PGlite in ./.data, demo data, sandbox on, no proxy trusted', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.join(repoRoot, '.data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seed).toBe('demo');
    expect(c.env).toBe('development');
    expect(c.paymentsSandbox).toBe(true);
    expect(c.trustProxy).toBe(false);
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and treats empty strings as unset', () => {
    const c = loadConfig({
      PORT: '9090',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: '',
    });
    expect(c.port).toBe(9090);
    expect(c.dataDir).toBe('/tmp/x');
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(c.redisUrl).toBeUndefined();
    expect(c.databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS/,
    );
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SEED');
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('in production: demands a real APP_SECRET, seeds no demo data and has no sandbox by default', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'production', ...env });
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problems({})).toEqual([expect.stringContaining('APP_SECRET: required in production')]);
    for (const weak of [
      'change-me-to-a-long-random-secret-of-32-or-more-characters',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'abababababababababababababababababab',
      'my-very-own-production-secret-key-2026',
    ])
      expect(problems({ APP_SECRET: weak })).toEqual([expect.stringContaining('APP_SECRET')]);
    const secret = 'q8Vf2kLz9Rt4Wm7Yx1Nb6Hc3Jd5Gs0Pa';
    expect(problems({ APP_SECRET: secret, SEED: 'demo' })).toEqual([expect.stringContaining('SEED')]);
    const c = loadConfig({ NODE_ENV: 'production', APP_SECRET: secret });
    expect(c.seed).toBe('none');
    expect(c.paymentsSandbox).toBe(false);
    expect(c.trustProxy).toBe(false);
    // A staging site may turn the sandbox on deliberately.
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, PAYMENTS_SANDBOX: 'true' }).paymentsSandbox,
    ).toBe(true);
  });

  it('reads SEED and TRUST_PROXY in their documented forms', () => {
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
    expect(loadConfig({ SEED: 'false' }).seed).toBe('none');
    expect(loadConfig({ SEED: 'true' }).seed).toBe('demo');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '0x; rm' })).toThrow(/TRUST_PROXY/);
  });
});
