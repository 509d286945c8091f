// @cadence/shared-auth/video (issue 34): the video room's call engine, local media and room state.
// Bundled into the remotes that import it (mf-dashboard, mf-portal); it imports no Appwrite code —
// the remote hands it shared-auth's function and Realtime calls.
export { figuresBetween, qualityText, sampleOf, type CallFigures, type StatsSample } from './call-stats.ts';
export { devicePickers, useLocalMedia, type DeviceChoice, type DevicePickers, type LocalMedia } from './local-media.ts';
export { VideoCall, type CallStatus, type PeerState, type Signal, type SignalTransport } from './video-call.ts';
export { VIDEO_COLLECTIONS } from './collections.ts';
export { useVideoRoom, type ChatLine, type EnterAnswer, type RoomBackend, type RoomDocument, type VideoRoomState } from './video-room.ts';
