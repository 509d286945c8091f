// The video room's presentational pieces (issue 34): a video tile, the microphone level meter, the
// device check of the waiting room and the call's stage with its controls. State and media come in as
// props (the call engine is @cadence/shared-auth/video); nothing here opens a device.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
// The primitives come from the package root: in a remote that is the one shared copy.
import { Button, Select, TextInput, type SelectOption } from '@cadence/shared-ui';
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
  /** Screen share (the therapist's): the Share screen / Stop sharing control when given. */
  sharing?: boolean;
  onShare?(share: boolean): void;
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
        {props.sharing ? <span className="ui-call__muted">You are sharing your screen</span> : null}
        {props.peerMuted ? <span className="ui-call__muted">{props.peerName} is muted</span> : null}
        {props.quality ? <span className={`ui-call__quality ui-call__quality--${props.qualityTone}`}>{props.quality}</span> : null}
      </p>
      <div className="ui-call__controls" role="group" aria-label="Call controls">
        <Button aria-pressed={props.muted} onClick={() => { props.onMute(!props.muted); }}>{props.muted ? 'Unmute' : 'Mute'}</Button>
        <Button aria-pressed={props.cameraOff} onClick={() => { props.onCamera(!props.cameraOff); }}>{props.cameraOff ? 'Turn camera on' : 'Turn camera off'}</Button>
        {props.onShare ? (
          <Button aria-pressed={props.sharing === true} onClick={() => { props.onShare?.(!props.sharing); }}>{props.sharing ? 'Stop sharing' : 'Share screen'}</Button>
        ) : null}
        <Button variant="danger" onClick={props.onLeave} loading={props.busy}>{props.leaveLabel}</Button>
      </div>
      {props.children}
    </section>
  );
}

export interface CallDevicesProps {
  cameras: readonly SelectOption[];
  microphones: readonly SelectOption[];
  camera: string;
  microphone: string;
  onCamera(deviceId: string): void;
  onMicrophone(deviceId: string): void;
}

/**
 * Switching camera or microphone mid-call: the two pickers, and on a device with more than one
 * camera (a phone's front and back) "Switch camera" to the next one in one tap.
 */
export function CallDevices(props: CallDevicesProps) {
  const camera = props.camera || props.cameras[0]?.value || '';
  const next = props.cameras[(props.cameras.findIndex((c) => c.value === camera) + 1) % Math.max(props.cameras.length, 1)];
  return (
    <section className="ui-call-devices" aria-label="Devices">
      <Select label="Camera" options={props.cameras} value={camera} onChange={(e) => { props.onCamera(e.target.value); }} />
      <Select label="Microphone" options={props.microphones} value={props.microphone || props.microphones[0]?.value || ''} onChange={(e) => { props.onMicrophone(e.target.value); }} />
      {props.cameras.length > 1 && next ? <Button onClick={() => { props.onCamera(next.value); }}>Switch camera</Button> : null}
    </section>
  );
}

export interface CallChatLine { from: 'me' | 'peer'; text: string; at: number }

export interface CallChatProps {
  lines: readonly CallChatLine[];
  peerName: string;
  /** Sends over the call's data channel; false when the call is not connected. */
  onSend(text: string): boolean;
}

/** The side chat: peer to peer over the call, kept nowhere — gone when the page closes. */
export function CallChat({ lines, peerName, onSend }: CallChatProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useId();
  return (
    <section className="ui-call-chat" aria-labelledby={heading}>
      <h2 id={heading} className="ui-call-chat__title">Chat</h2>
      <p className="ui-call-chat__note">Not saved anywhere: messages go straight to {peerName} and are gone when the call ends.</p>
      {lines.length > 0 ? (
        <ol className="ui-call-chat__lines" aria-live="polite">
          {lines.map((line) => (
            <li key={`${line.at}-${line.from}-${line.text}`} className={cx('ui-call-chat__line', line.from === 'me' && 'ui-call-chat__line--me')}>
              <span className="ui-call-chat__who">{line.from === 'me' ? 'You' : peerName}:</span> {line.text}
            </li>
          ))}
        </ol>
      ) : null}
      <form
        className="ui-call-chat__form"
        onSubmit={(e) => {
          e.preventDefault();
          const message = text.trim();
          if (!message) return;
          if (onSend(message)) { setText(''); setProblem(null); } else setProblem('Not sent: the call is not connected.');
        }}
      >
        <TextInput label="Message" value={text} maxLength={2000} autoComplete="off" error={problem ?? undefined} onChange={(e) => { setText(e.target.value); }} />
        <Button type="submit" variant="primary">Send</Button>
      </form>
    </section>
  );
}
