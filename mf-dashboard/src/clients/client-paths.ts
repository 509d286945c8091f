// The client screens' URLs: ids only, never a name (nothing clinical in a URL).
export const CLIENTS_PATH = '/dashboard/clients';
export const NEW_CLIENT_PATH = `${CLIENTS_PATH}/new`;
export const IMPORT_CLIENTS_PATH = `${CLIENTS_PATH}/import`;
export const clientPath = (clientId: string) => `${CLIENTS_PATH}/${encodeURIComponent(clientId)}`;

/** The client id of a /dashboard/clients/:clientId path (shared-router exports no useParams). */
export function clientIdFromPath(pathname: string): string {
  const match = /^\/dashboard\/clients\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}
