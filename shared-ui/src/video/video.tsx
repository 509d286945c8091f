// The video room's presentational pieces (issue 34): a video tile, the microphone level meter, the
// device check of the waiting room and the call's stage with its controls. State and media come in as
// props (the call engine is @cadence/shared-auth/video); nothing here opens a device.
import { useEffect, useRef, type ReactNode } from 'react';
// The primitives come from the package root: in a remote that is the one shared copy.
import { Button, Select, type SelectOption } from '@cadence/shared-ui';
import { cx } from '../class-names.ts';
import './video.css';

export interface VideoTileProps {
  stream: MediaStream | null;
  /** Who this is ("You", "Janie D."): the tile's accessible name. */
  label: string;
  /** The self-view: no echo of one's own microphone, mirrored as people expect. */
  self?: boolean;
  /** Shown over the tile when there is no picture ("Camera off", "Connecting…"). */
  notice?: string | null;
  /** The speaker for the remote audio (HTMLMediaElement.setSinkId where the browser has it). */
  sinkId?: string;
  testId?: string;
  className?: string;
}

type SinkVideo = HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> };

export function VideoTile({ stream, label, self = false, notice, sinkId, testId, className }: VideoTileProps) {
  const video = useRef<SinkVideo>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    if (sinkId && video.current?.setSinkId) void video.current.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return (
    <figure className={cx('ui-video-tile', self && 'ui-video-tile--self', className)} aria-label={label}>
      <video ref={video} autoPlay playsInline muted={self} data-testid={testId} />
      {notice ? <p className="ui-video-tile__notice">{notice}</p> : null}
      <figcaption className="ui-video-tile__name">{label}</figcaption>
    </figure>
  );
}

export interface LevelMeterProps {
  /** 0–1 */
  level: number;
  label: string;
}

/** The microphone's loudness now, as a native meter (announced as a value, seen as a bar). */
export function LevelMeter({ level, label }: LevelMeterProps) {
  return (
    <label className="ui-level-meter">
      <span>{label}</span>
      <meter min={0} max={1} low={0.05} high={0.9} optimum={0.5} value={level} />
    </label>
  );
}

export interface DeviceCheckProps {
  stream: MediaStream | null;
  level: number;
  cameras: readonly SelectOption[];
  microphones: readonly SelectOption[];
  speakers: readonly SelectOption[];
  camera: string;
  microphone: string;
  speaker: string;
  onCamera(deviceId: string): void;
  onMicrophone(deviceId: string): void;
  onSpeaker(deviceId: string): void;
  /** "Your camera is blocked…" when the browser gives no media */
  problem?: string | null;
  children?: ReactNode;
}

/** The waiting room's check: self-view, the microphone's level and the three pickers. */
export function DeviceCheck(props: DeviceCheckProps) {
  return (
    <section className="ui-device-check" aria-label="Camera, microphone and speaker">
      <VideoTile stream={props.stream} label="You" self notice={props.problem ?? (props.stream ? null : 'Starting your camera…')} testId="self-view" />
      <div className="ui-device-check__controls">
        <LevelMeter level={props.level} label="Microphone level" />
        <Select label="Camera" options={props.cameras} value={props.camera || props.cameras[0]?.value || ''} onChange={(e) => { props.onCamera(e.target.value); }} />
        <Select label="Microphone" options={props.microphones} value={props.microphone || props.microphones[0]?.value || ''} onChange={(e) => { props.onMicrophone(e.target.value); }} />
        {props.speakers.length > 0 ? (
          <Select label="Speaker" options={props.speakers} value={props.speaker || props.speakers[0]?.value || ''} onChange={(e) => { props.onSpeaker(e.target.value); }} />
        ) : null}
        {props.children}
      </div>
    </section>
  );
}

export interface CallStageProps {
  remote: MediaStream | null;
  self: MediaStream | null;
  peerName: string;
  peerMuted: boolean;
  peerCameraOff: boolean;
  /** "Connecting…", "Reconnecting…", or null when video flows */
  status: string | null;
  /** "Connection: good · 42 ms · 0% loss · 1.2 Mbps" */
  quality: string | null;
  qualityTone: 'good' | 'fair' | 'poor' | 'unknown';
  muted: boolean;
  cameraOff: boolean;
  sinkId?: string;
  onMute(muted: boolean): void;
  onCamera(off: boolean): void;
  /** the last control: Leave (client) or End session (therapist) */
  leaveLabel: string;
  onLeave(): void;
  busy?: boolean;
  children?: ReactNode;
}

export function CallStage(props: CallStageProps) {
  const peerNotice = props.status ?? (props.peerCameraOff ? `${props.peerName}’s camera is off` : null);
  return (
    <section className="ui-call" aria-label="Video call">
      <div className="ui-call__videos">
        <VideoTile stream={props.remote} label={props.peerName} notice={peerNotice} sinkId={props.sinkId} testId="remote-video" className="ui-call__remote" />
        <VideoTile stream={props.self} label="You" self notice={props.cameraOff ? 'Your camera is off' : null} className="ui-call__self" />
      </div>
      <p className="ui-call__status" role="status">
        {props.peerMuted ? <span className="ui-call__muted">{props.peerName} is muted</span> : null}
        {props.quality ? <span className={`ui-call__quality ui-call__quality--${props.qualityTone}`}>{props.quality}</span> : null}
      </p>
      <div className="ui-call__controls" role="group" aria-label="Call controls">
        <Button aria-pressed={props.muted} onClick={() => { props.onMute(!props.muted); }}>{props.muted ? 'Unmute' : 'Mute'}</Button>
        <Button aria-pressed={props.cameraOff} onClick={() => { props.onCamera(!props.cameraOff); }}>{props.cameraOff ? 'Turn camera on' : 'Turn camera off'}</Button>
        <Button variant="danger" onClick={props.onLeave} loading={props.busy}>{props.leaveLabel}</Button>
      </div>
      {props.children}
    </section>
  );
}
