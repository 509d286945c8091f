// APPWRITE_PLATFORMS: origins normalised once at start; a malformed entry stops the server.
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

it('defaults to the app origin on localhost and 127.0.0.1', () => {
  expect(loadConfig({}).platforms).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
});

it('normalises each origin (case, default port, path dropped) and drops duplicates', () => {
  expect(loadConfig({ APPWRITE_PLATFORMS: ' http://LOCALHOST:3000/ , https://practice.example:443/app ,http://localhost:3000' }).platforms)
    .toEqual(['http://localhost:3000', 'https://practice.example']);
});

it('refuses an entry that is not an http(s) origin', () => {
  expect(() => loadConfig({ APPWRITE_PLATFORMS: 'localhost:3000' })).toThrow('APPWRITE_PLATFORMS: "localhost:3000" must be an http or https origin');
  expect(() => loadConfig({ APPWRITE_PLATFORMS: 'not an origin' })).toThrow('APPWRITE_PLATFORMS: "not an origin" is not an origin');
});
