import { Account, Client, Databases, Functions } from 'appwrite';
import { getConfig } from './config.ts';

interface AppwriteServices {
  client: Client;
  account: Account;
  databases: Databases;
  functions: Functions;
}

let services: AppwriteServices | null = null;

/** The one Appwrite client of the app (STYLE.md "One of each"), built from /config.json. */
export function appwrite(): AppwriteServices {
  if (services) return services;
  const { endpoint, projectId } = getConfig();
  // A relative endpoint ("/v1") means same origin through the app server's proxy.
  const absolute = new URL(endpoint, globalThis.location?.href ?? 'http://localhost').toString().replace(/\/$/, '');
  const client = new Client().setEndpoint(absolute).setProject(projectId);
  services = {
    client,
    account: new Account(client),
    databases: new Databases(client),
    functions: new Functions(client),
  };
  return services;
}

/** For tests that point the client at another server. */
export function resetAppwrite(): void {
  services = null;
}
