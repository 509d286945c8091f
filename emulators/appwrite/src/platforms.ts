// The project's platform list (Appwrite's Web platforms): which origins may call the API from a
// browser with credentials, and which hosts may receive redirect URLs carrying secrets.
import { AppwriteError } from './errors.ts';

/** Appwrite's `Platform::LOOPBACK_ALIASES`: other spellings of `localhost`, trusted only when it is. */
const LOOPBACK_HOSTNAME = 'localhost';
const LOOPBACK_ALIASES = ['127.0.0.1', '[::1]'];

export interface Platforms {
  /** Normalised origins (`scheme://host[:port]`), as configured. */
  origins: ReadonlySet<string>;
  /** Their hostnames: Appwrite's redirect validator compares hostnames only. */
  hostnames: ReadonlySet<string>;
}

/** Parses `APPWRITE_PLATFORMS` (comma-separated origins). A malformed entry is a startup error. */
export function parsePlatformOrigins(raw: string): string[] {
  const origins: string[] = [];
  for (const entry of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    let parsed: URL;
    try {
      parsed = new URL(entry);
    } catch {
      throw new Error(`APPWRITE_PLATFORMS: "${entry}" is not an origin (expected e.g. http://localhost:3000)`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new Error(`APPWRITE_PLATFORMS: "${entry}" must be an http or https origin`);
    }
    origins.push(parsed.origin);
  }
  return [...new Set(origins)];
}

export function platformsFrom(origins: readonly string[]): Platforms {
  return {
    origins: new Set(origins),
    hostnames: new Set(origins.map((origin) => new URL(origin).hostname)),
  };
}

function withLoopbackAlias(hostname: string, allowed: (hostname: string) => boolean): boolean {
  if (allowed(hostname)) return true;
  return LOOPBACK_ALIASES.includes(hostname) && allowed(LOOPBACK_HOSTNAME);
}

/**
 * A browser origin is trusted only when it is a platform origin exactly (scheme, host and port):
 * stricter than Appwrite's hostname match, because another port on localhost is another site.
 */
export function isPlatformOrigin(platforms: Platforms, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === 'null') return false;
  const port = parsed.port ? `:${parsed.port}` : '';
  return withLoopbackAlias(parsed.hostname, (hostname) => platforms.origins.has(`${parsed.protocol}//${hostname}${port}`));
}

/**
 * Appwrite's `redirectValidator` (`Network/Validator/Redirect`): an http(s) URL whose hostname
 * is on the platform list, read with the URL parser (`http://localhost:3000@evil.example/` is
 * evil.example). Anything else is `general_argument_invalid` with Appwrite's description.
 */
export function assertRedirectUrl(platforms: Platforms, param: string, value: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(value);
  } catch {
    // reported below
  }
  const invalid = (description: string): AppwriteError =>
    new AppwriteError('general_argument_invalid', `Invalid \`${param}\` param: ${description}`);
  if (!parsed || !parsed.hostname) throw invalid('Invalid URI.');
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    // Appwrite names no platform for a scheme it doesn't know, hence the empty name.
    throw invalid(`Invalid URI. Register your new client (${parsed.hostname}) as a new  platform on your project console dashboard`);
  }
  if (!withLoopbackAlias(parsed.hostname, (hostname) => platforms.hostnames.has(hostname))) {
    throw invalid(`Invalid URI. Register your new client (${parsed.hostname}) as a new Web platform on your project console dashboard`);
  }
  return value;
}
