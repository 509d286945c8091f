import { useState } from 'react';
import { formatDateTime } from '@cadence/shared-auth';
import { devicePickers, qualityText, useLocalMedia, useVideoRoom, type EnterAnswer } from '@cadence/shared-auth/video';
import { Link, useLocation } from '@cadence/shared-router';
import { Alert, Button, buttonClassName, Card, PageHeader } from '@cadence/shared-ui';
import { CallChat, CallDevices, CallStage, DeviceCheck } from '@cadence/shared-ui/call';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { appointmentIdFromPath, roomBackend } from './video-backend.ts';

const backend = roomBackend;

/** Why the client cannot come in, and what to do. */
function Refused({ refused }: { refused: EnterAnswer }) {
  if (refused.reason === 'window' && refused.early && refused.opensAt) {
    return <Alert tone="info" title={PORTAL_TEXT.join.notOpen}>{PORTAL_TEXT.join.opensAt(formatDateTime(refused.opensAt))}</Alert>;
  }
  if (refused.reason === 'consent') {
    return (
      <Alert tone="warning" title="Telehealth consent needed">
        {refused.error}{' '}
        {refused.requestId ? <Link to={`/portal/documents/${encodeURIComponent(refused.requestId)}`}>Read and sign the telehealth consent</Link> : 'Ask your therapist to send it to your portal.'}
      </Alert>
    );
  }
  return <Alert tone="warning">{refused.error ?? 'This video session could not be opened.'}</Alert>;
}

/**
 * /portal/video/:appointmentId (issue 34): the client's side of a telehealth appointment — check the
 * camera, microphone and speaker, wait to be let in, the call, leave.
 */
export default function VideoPage() {
  const appointmentId = appointmentIdFromPath(useLocation().pathname);
  const [roomCalls] = useState(backend);
  const media = useLocalMedia();
  const room = useVideoRoom(appointmentId, roomCalls, media.stream);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const entered = room.entered;
  const name = entered?.peerName ?? 'Your therapist';
  const ended = Boolean(room.room?.endedAt);

  return (
    <div className="portal-page portal-video">
      <PageHeader title="Video session" description={entered?.appointment ? `${name} · ${formatDateTime(entered.appointment.start)}` : undefined} />
      {room.problem ? <Alert tone="error">{room.problem}</Alert> : null}
      {room.refused ? <Refused refused={room.refused} /> : null}
      {!entered && !room.refused && !room.problem ? <p role="status" className="portal-muted">Opening the room…</p> : null}
      {media.error ? (
        <Alert tone="error">{media.error === 'denied' ? 'The browser blocked the camera and microphone. Allow them for this site and reload.' : 'No camera or microphone was found.'}</Alert>
      ) : null}

      {entered && ended ? (
        <Card><p role="status">The session has ended. Thank you.</p><Link to="/portal">Back to your portal</Link></Card>
      ) : null}

      {entered && !ended && room.left ? (
        <Card>
          <p role="status">You left the session.</p>
          <Button variant="primary" onClick={() => void room.rejoin()}>Join again</Button>
        </Card>
      ) : null}

      {entered && !ended && !room.left && room.inCall ? (
        <CallStage
          remote={room.remote}
          self={media.stream}
          peerName={name}
          peerMuted={room.peer.muted}
          peerCameraOff={room.peer.cameraOff}
          status={room.status === 'connected' ? null : room.status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
          quality={qualityText(room.figures)}
          qualityTone={room.figures?.quality ?? 'unknown'}
          muted={muted}
          cameraOff={cameraOff}
          sinkId={media.speaker}
          onMute={(m) => { setMuted(m); room.setMuted(m); }}
          onCamera={(off) => { setCameraOff(off); room.setCameraOff(off); }}
          leaveLabel="Leave"
          onLeave={() => void room.leave()}
          busy={room.busy}
        >
          <CallDevices {...devicePickers(media)} />
          <CallChat lines={room.chat} peerName={name} onSend={room.sendChat} />
        </CallStage>
      ) : null}

      {entered && !ended && !room.left && !room.inCall ? (
        <>
          <Card>
            <p role="status" className="portal-video__waiting">You are in the waiting room. {name} will let you in.</p>
            <p className="portal-muted">Meanwhile, check your camera, microphone and speaker below.</p>
          </Card>
          <DeviceCheck stream={media.stream} level={media.level} {...devicePickers(media)} />
        </>
      ) : null}
      {entered && !room.inCall ? <p><Link className={buttonClassName('quiet', 'sm')} to="/portal">Back to your portal</Link></p> : null}
    </div>
  );
}
