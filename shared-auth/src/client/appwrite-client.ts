import { Account, Client, Databases, Functions, Storage } from 'appwrite';
import { getConfig } from '../config/config.ts';

export interface AppwriteServices {
  client: Client;
  account: Account;
  databases: Databases;
  functions: Functions;
  storage: Storage;
}

let services: AppwriteServices | null = null;

function servicesFor(client: Client): AppwriteServices {
  return { client, account: new Account(client), databases: new Databases(client), functions: new Functions(client), storage: new Storage(client) };
}

/** The one Appwrite client of the app (STYLE.md "One of each"), built from /config.json. */
export function appwrite(): AppwriteServices {
  if (services) return services;
  const { endpoint, projectId } = getConfig();
  // A relative endpoint ("/v1") means same origin through the app server's proxy.
  const absolute = new URL(endpoint, globalThis.location?.href ?? 'http://localhost').toString().replace(/\/$/, '');
  services = servicesFor(new Client().setEndpoint(absolute).setProject(projectId));
  return services;
}

/**
 * Test seam: make this layer use a given client (e.g. a Node test's Web SDK client carrying a
 * session via `setSession`, since Node has no cookie jar). The app itself never calls this.
 */
export function configureAppwrite(client: Client): AppwriteServices {
  services = servicesFor(client);
  return services;
}

/** For tests that point the client at another server. */
export function resetAppwrite(): void {
  services = null;
}
