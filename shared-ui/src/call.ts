// @cadence/shared-ui/call: the video room's pieces (issue 34), used by the therapist's and the
// client's room pages only; bundled with those pages, like ./messages, not in the shared singleton.
export {
  CallChat, CallDevices, CallStage, DeviceCheck, LevelMeter, VideoTile,
  type CallChatLine, type CallChatProps, type CallDevicesProps, type CallStageProps, type DeviceCheckProps, type LevelMeterProps, type VideoTileProps,
} from './video/video.tsx';
