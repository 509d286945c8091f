import { describe, expect, it } from 'vitest';
import { longestChain } from '../bench/round-trips.mjs';

const js = (request: { url: string }) => request.url.endsWith('.js');

describe('longestChain', () => {
  it('counts requests that waited for each other, and parallel ones once', () => {
    const requests = [
      { url: '/', start: 0, end: 10 },
      { url: '/main.js', start: 11, end: 30 },
      { url: '/config.json', start: 31, end: 40 },
      { url: '/remotes.json', start: 32, end: 38 },
      { url: '/remotes/a/remoteEntry.js', start: 41, end: 50 },
      { url: '/remotes/a/page.js', start: 51, end: 60 },
    ];
    expect(longestChain(requests, js)).toEqual({
      depth: 5,
      chain: ['/', '/main.js', '/config.json', '/remotes/a/remoteEntry.js', '/remotes/a/page.js'],
    });
  });

  it('ends the chain at a target request', () => {
    const requests = [
      { url: '/', start: 0, end: 10 },
      { url: '/main.js', start: 11, end: 30 },
      { url: '/config.json', start: 31, end: 40 },
    ];
    expect(longestChain(requests, js).depth).toBe(2);
  });
});
