// Round trips a page load waits for: the longest chain of requests in which each one started only
// after the previous one had finished (the document, then main.js, then what main.js fetched, …).
// Requests in flight together count once, so a remote route that fetches /remotes.json alongside
// /config.json pays nothing for it, and one that fetches remoteEntry.js before its page chunk pays one.

/**
 * @param {{ url: string, start: number, end: number }[]} requests  timings of one page load (ms)
 * @param {(request: { url: string }) => boolean} isTarget  the requests whose chain counts
 * @returns {{ depth: number, chain: string[] }} the longest chain ending at a target request
 */
export function longestChain(requests, isTarget) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const best = new Map();
  for (const request of sorted) {
    let previous = null;
    for (const other of sorted) {
      if (other === request || other.end > request.start || !best.has(other)) continue;
      if (!previous || best.get(other).depth > best.get(previous).depth) previous = other;
    }
    const before = previous ? best.get(previous) : { depth: 0, chain: [] };
    best.set(request, { depth: before.depth + 1, chain: [...before.chain, request.url] });
  }
  let result = { depth: 0, chain: [] };
  for (const [request, chain] of best) if (isTarget(request) && chain.depth > result.depth) result = chain;
  return result;
}
