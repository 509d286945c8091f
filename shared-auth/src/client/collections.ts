import type { Databases } from 'appwrite';
import { appwrite } from './appwrite-client.ts';
import { getConfig, type RuntimeConfig } from '../config/config.ts';

export type CollectionName = keyof RuntimeConfig['collections'];

/** Database and collection ids of one collection, from /config.json. */
export function collection(name: CollectionName): { databaseId: string; collectionId: string } {
  const config = getConfig();
  return { databaseId: config.databaseId, collectionId: config.collections[name] };
}

/** The Databases service of the one client. */
export function databases(): Databases {
  return appwrite().databases;
}
