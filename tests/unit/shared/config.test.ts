import { z } from 'zod';
import { ConfigError, baseConfigSchema, httpConfigSchema, loadConfig } from '../../../shared/config';

const valid = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/aisle', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('loadConfig', () => {
  it('parses a valid environment and applies defaults', () => {
    const config = loadConfig(baseConfigSchema, valid);
    expect(config).toMatchObject({ ...valid, LOG_LEVEL: 'info', NODE_ENV: 'development', DATA_DIR: '.data' });
  });

  it('coerces numeric variables', () => {
    expect(loadConfig(httpConfigSchema, { ...valid, PORT: '8080' }).PORT).toBe(8080);
  });

  it('names every missing variable', () => {
    expect(() => loadConfig(httpConfigSchema, {})).toThrow(ConfigError);
    try {
      loadConfig(httpConfigSchema, {});
    } catch (err) {
      expect((err as ConfigError).problems).toEqual(
        expect.arrayContaining(['DATABASE_URL: missing', 'REDIS_URL: missing', 'PORT: missing']),
      );
    }
  });

  it('names a malformed variable with the reason', () => {
    const attempt = () => loadConfig(baseConfigSchema, { ...valid, REDIS_URL: 'http://nope' });
    expect(attempt).toThrow(/REDIS_URL: /);
  });

  it('rejects an unknown log level', () => {
    expect(() => loadConfig(baseConfigSchema, { ...valid, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('works with any zod schema', () => {
    expect(loadConfig(z.object({ A: z.string() }), { A: 'x' })).toEqual({ A: 'x' });
  });
});
