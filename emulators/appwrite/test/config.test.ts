// Every setting comes from the environment through loadConfig (the only reader of process.env).
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEFAULT_POOL_LIMITS } from '../src/functions/executor.ts';

it('defaults: no request log, cron schedules on, the fixture folder unset, the default runtime caps', () => {
  const config = loadConfig({});
  expect(config.log).toBe(false);
  expect(config.schedules).toBe(true);
  expect(config.functionsDir).toBeUndefined();
  expect(config.executionLimits).toEqual(DEFAULT_POOL_LIMITS);
});

it('reads APPWRITE_LOG, APPWRITE_SCHEDULES, APPWRITE_FUNCTIONS_DIR and the runtime caps', () => {
  const config = loadConfig({
    APPWRITE_LOG: 'on',
    APPWRITE_SCHEDULES: 'off',
    APPWRITE_FUNCTIONS_DIR: '/tmp/fixtures',
    APPWRITE_EXECUTIONS_PER_FUNCTION: '2',
    APPWRITE_EXECUTIONS_TOTAL: '3',
    APPWRITE_EXECUTIONS_QUEUE: '0',
  });
  expect(config.log).toBe(true);
  expect(config.schedules).toBe(false);
  expect(config.functionsDir).toBe('/tmp/fixtures');
  // A cap that is not a positive number keeps its default.
  expect(config.executionLimits).toEqual({ ...DEFAULT_POOL_LIMITS, perFunction: 2, total: 3 });
});

it('hands functions the environment object itself, so a FUNCTION_VARS_<ID> set after start applies', () => {
  const env: NodeJS.ProcessEnv = { PATH: '/bin' };
  const config = loadConfig(env);
  env.FUNCTION_VARS_ECHO = '{"A":"1"}';
  expect(config.functionEnv.FUNCTION_VARS_ECHO).toBe('{"A":"1"}');
  expect(loadConfig().functionEnv).toBe(process.env);
});

it('puts the SMTP receiver 25 above the HTTP port unless APPWRITE_SMTP_PORT says otherwise (off: none)', () => {
  expect(loadConfig({}).smtpPort).toBe(4025);
  expect(loadConfig({ APPWRITE_PORT: '4100' }).smtpPort).toBe(4125);
  expect(loadConfig({ APPWRITE_SMTP_PORT: '2525' }).smtpPort).toBe(2525);
  expect(loadConfig({ APPWRITE_SMTP_PORT: 'off' }).smtpPort).toBeNull();
});
