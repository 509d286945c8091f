import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localRuntimeConfig, type IceServer, type RuntimeConfig } from '@cadence/shared-auth/config';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Fastify's `trustProxy` values (a hop count as proxy-addr's function: trust the nearest n). */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export interface ServerConfig {
  host: string;
  port: number;
  /** Where /v1 is proxied: the local Appwrite emulator, or a real Appwrite. */
  appwriteUpstream: string;
  shellDist: string;
  deployDir: string;
  changelogPath: string;
  /** Extra origins the CSP allows for scripts and frames (Stripe.js) and for fetches. */
  scriptOrigins: string[];
  connectOrigins: string[];
  /** `pnpm dev`: files change in place, so nothing may be cached as immutable. */
  devMode: boolean;
  /**
   * PUBLIC_ORIGIN starts with https: the app is served over HTTPS (usually by a TLS terminator in
   * front), so browsers get HSTS and the session cookie is `Secure`.
   */
  https: boolean;
  /** Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`); none by default. */
  trustProxy: TrustProxy;
  /** Source maps stay build artifacts: served only in `pnpm dev` or when asked (the bench reads them). */
  serveSourceMaps: boolean;
  runtime: RuntimeConfig;
}

const list = (value: string | undefined, fallback: string[]) =>
  value === undefined ? fallback : value.split(/[\s,]+/).filter(Boolean);

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (a client's X-Forwarded-For is ignored); a number
 * trusts that many hops; otherwise addresses, CIDR ranges or proxy-addr's names (`loopback`,
 * `uniquelocal`). `true` trusts every hop, which lets any client choose its own IP.
 */
function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return list(text, []);
}

/** The environment's values, without the ones it does not set (so the defaults stay). */
function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Every setting has a local default and an environment override (README "Configuration"). */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST ?? 'localhost',
    port: Number(env.PORT ?? 3000),
    appwriteUpstream: env.APPWRITE_UPSTREAM ?? 'http://127.0.0.1:4000',
    shellDist: path.resolve(env.SHELL_DIST ?? path.join(repoRoot, 'shell/dist')),
    deployDir: path.resolve(env.DEPLOY_DIR ?? path.join(repoRoot, 'deploy')),
    changelogPath: path.resolve(env.CHANGELOG_PATH ?? path.join(repoRoot, 'CHANGELOG.md')),
    // What Stripe.js needs for its fraud signals (Stripe's CSP guide): the script and its iframes
    // from js.stripe.com (and its subdomains), its calls to api.stripe.com. Checkout is Stripe's
    // hosted page, reached by a top-level redirect, so no more than that is needed.
    scriptOrigins: list(env.CSP_SCRIPT_ORIGINS, ['https://js.stripe.com', 'https://*.js.stripe.com']),
    connectOrigins: list(env.CSP_CONNECT_ORIGINS, ['https://api.stripe.com']),
    devMode: env.CADENCE_DEV === '1',
    https: /^https:\/\//i.test(env.PUBLIC_ORIGIN ?? ''),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    serveSourceMaps: env.CADENCE_DEV === '1' || env.SERVE_SOURCE_MAPS === '1',
    runtime: localRuntimeConfig({
      ...iceServersFrom(env.ICE_SERVERS),
      ...definedOnly({
        endpoint: env.APPWRITE_PUBLIC_ENDPOINT,
        projectId: env.APPWRITE_PROJECT_ID,
        databaseId: env.APPWRITE_DATABASE_ID,
        stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
        mobileAppScheme: env.MOBILE_APP_SCHEME,
        supportEmail: env.SUPPORT_EMAIL,
      }),
    }),
  };
}

/** ICE_SERVERS: a JSON array of RTCIceServer (e.g. `[{"urls":"stun:stun.example.org:3478"}]`); anything else is left out. */
function iceServersFrom(value: string | undefined): { iceServers?: IceServer[] } {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (!Array.isArray(parsed)) return {};
    const servers = parsed.filter((s): s is IceServer => typeof s === 'object' && s !== null && 'urls' in s);
    return { iceServers: servers };
  } catch {
    return {};
  }
}
