// The video room's pure rules (issue 34; when a room is open: lib/video-links.js): who counts as still in the call after a
// reload, and the TURN REST API's time-limited credentials (the shared-secret scheme coturn's
// `use-auth-secret` checks: username "<expiry unix seconds>:<user>", password base64 HMAC-SHA1 of it).
import { createHmac } from 'node:crypto';

/** A client seen this recently is let back in after a reload without being admitted again. */
export const REJOIN_MS = 2 * 60_000;
/** Signalling documents older than this are deleted: a call's negotiation takes seconds. */
export const SIGNAL_TTL_MS = 10 * 60_000;
/** How long minted TURN credentials last. */
export const TURN_TTL_SECONDS = 4 * 3600;

/**
 * Whether an admitted client comes back into the call without the therapist admitting them again:
 * admitted, not ended, and seen (entering, signalling or its heartbeat) within REJOIN_MS.
 * @param {Record<string, unknown> | null} room
 * @param {number} now
 */
export function stillAdmitted(room, now) {
  if (!room || typeof room['admittedAt'] !== 'string' || room['endedAt']) return false;
  const seen = typeof room['clientSeenAt'] === 'string' ? Date.parse(room['clientSeenAt']) : NaN;
  return Number.isFinite(seen) && now - seen <= REJOIN_MS;
}

/**
 * `iceServers` for RTCPeerConnection from the function's variables: ICE_SERVERS (a JSON array of
 * RTCIceServer, e.g. STUN) and, with TURN_URLS (comma-separated) and TURN_SECRET, a TURN server with
 * credentials for this user valid TURN_TTL_SECONDS. Nothing set: [] (host candidates only).
 * @param {Record<string, string | undefined>} env
 * @param {string} userId
 * @param {number} now
 * @returns {Array<{ urls: string | string[], username?: string, credential?: string }>}
 */
export function iceServersFor(env, userId, now) {
  /** @type {Array<{ urls: string | string[], username?: string, credential?: string }>} */
  const servers = [];
  if (env.ICE_SERVERS) {
    try {
      const parsed = /** @type {unknown} */ (JSON.parse(env.ICE_SERVERS));
      if (Array.isArray(parsed)) for (const s of parsed) if (s && typeof s === 'object' && 'urls' in s) servers.push(/** @type {{ urls: string }} */ (s));
    } catch {
      // A malformed ICE_SERVERS leaves host candidates (and TURN below); the call still works on a LAN.
    }
  }
  const urls = (env.TURN_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  if (urls.length > 0 && env.TURN_SECRET) servers.push({ urls, ...turnCredentials(env.TURN_SECRET, userId, now) });
  return servers;
}

/**
 * @param {string} secret coturn's static-auth-secret
 * @param {string} userId
 * @param {number} now
 */
export function turnCredentials(secret, userId, now) {
  const username = `${Math.floor(now / 1000) + TURN_TTL_SECONDS}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** "Jane D.": the preferred (or first) name and the last name's initial — what the waiting room shows. */
export function shortName(/** @type {Record<string, unknown>} */ client) {
  const first = String(client['preferredName'] || client['firstName'] || '').trim();
  const last = String(client['lastName'] || '').trim();
  return [first, last ? `${last[0]}.` : ''].filter(Boolean).join(' ') || 'Your client';
}
