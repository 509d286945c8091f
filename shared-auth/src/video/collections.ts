/**
 * backend/appwrite.json's ids (the functions' VIDEO_ROOMS/VIDEO_SIGNALS_COLLECTION_ID defaults). A subpath
 * of its own (`@cadence/shared-auth/video/collections`): a list of rooms (Today's "is waiting") reads
 * them without loading the call engine that `@cadence/shared-auth/video` brings.
 */
export const VIDEO_COLLECTIONS = { rooms: 'video_rooms', signals: 'video_signals' } as const;
