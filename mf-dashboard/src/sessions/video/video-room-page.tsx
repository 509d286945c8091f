import { appwrite, documentsChannel, executeFunction, formatDateTime, formatTime, getConfig, subscribeLive, type IceServer } from '@cadence/shared-auth';
import { devicePickers, qualityText, useLocalMedia, useVideoRoom, type EnterAnswer, type RoomBackend, type RoomDocument, VIDEO_COLLECTIONS } from '@cadence/shared-auth/video';
import { Link, useLocation } from '@cadence/shared-router';
import { Alert, Button, buttonClassName, Card, PageHeader } from '@cadence/shared-ui';
import { CallChat, CallDevices, CallStage, DeviceCheck } from '@cadence/shared-ui/call';
import { useMemo, useState } from 'react';
import { useClient } from '../../clients/client-record-queries.ts';
import { usePracticeSettings, useServices } from '../../practice/practice-queries.ts';
import { StatusMenu } from '../../schedule/status-menu.tsx';
import { useSetStatus } from '../../schedule/use-set-status.ts';
import { notePath } from '../notes/note-paths.ts';
import { useAppointment } from '../notes/note-queries.ts';
import { appointmentIdFromVideoPath } from './video-paths.ts';
import './video-room.css';

/** The video room's calls into shared-auth (the one Appwrite client and its Realtime socket). */
function roomBackend(): RoomBackend {
  return {
    call: (body) => executeFunction<EnterAnswer>('videoRoom', body, { acceptRefusal: true }),
    live: (channels, callback, onResubscribed) => subscribeLive(channels, callback, onResubscribed),
    channel: documentsChannel,
    getRoom: (appointmentId) => appwrite().databases.getDocument({ databaseId: getConfig().databaseId, collectionId: VIDEO_COLLECTIONS.rooms, documentId: appointmentId })
      .then((doc) => doc as unknown as RoomDocument, () => null),
    iceServers: (getConfig().iceServers ?? []) as IceServer[] as RTCIceServer[],
  };
}

/** Why the room is closed, in the therapist's words. */
function refusalText(refused: EnterAnswer): string {
  if (refused.reason === 'window' && refused.early && refused.opensAt) {
    return `This video session opens at ${formatDateTime(refused.opensAt)}, 30 minutes before it starts.`;
  }
  return refused.error ?? 'This video session could not be opened.';
}

/**
 * /dashboard/sessions/:appointmentId/video (issue 34): the therapist's side of a telehealth
 * appointment's room — the device check, "<Name> is waiting" and Admit, the call, and after End
 * "Write note" and a one-click Mark Show.
 */
export function VideoRoomPage() {
  const appointmentId = appointmentIdFromVideoPath(useLocation().pathname);
  const backend = useMemo(() => roomBackend(), []);
  const media = useLocalMedia();
  const room = useVideoRoom(appointmentId, backend, media.stream);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [shareProblem, setShareProblem] = useState<string | null>(null);
  const entered = room.entered;
  const name = entered?.peerName ?? 'Your client';
  const ended = Boolean(room.room?.endedAt);

  return (
    <div className="video-room">
      <PageHeader
        title="Video session"
        description={entered?.appointment ? `${name} · ${formatDateTime(entered.appointment.start)}` : undefined}
      />
      {room.problem ? <Alert tone="error">{room.problem}</Alert> : null}
      {room.refused ? <Alert tone="warning" title="The room is closed">{refusalText(room.refused)}</Alert> : null}
      {!entered && !room.refused && !room.problem ? <p role="status" className="video-room__muted">Opening the room…</p> : null}
      {entered && !entered.consentSigned ? (
        <Alert tone="warning" title="Telehealth consent not signed">
          {name} has not signed the telehealth consent, so they cannot join yet. Send it from their Portal tab.
        </Alert>
      ) : null}
      {media.error ? (
        <Alert tone="error">{media.error === 'denied' ? 'The browser blocked the camera and microphone. Allow them for this site and reload.' : 'No camera or microphone was found.'}</Alert>
      ) : null}

      {entered && ended ? <SessionEnded appointmentId={appointmentId} name={name} /> : null}

      {entered && !ended && room.inCall ? (
        <CallStage
          remote={room.remote}
          self={media.stream}
          peerName={name}
          peerMuted={room.peer.muted}
          peerCameraOff={room.peer.cameraOff}
          status={room.status === 'connected' ? null : room.status === 'left' ? `${name} left the call` : room.status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
          quality={qualityText(room.figures)}
          qualityTone={room.figures?.quality ?? 'unknown'}
          muted={muted}
          cameraOff={cameraOff}
          sinkId={media.speaker}
          onMute={(m) => { setMuted(m); room.setMuted(m); }}
          onCamera={(off) => { setCameraOff(off); room.setCameraOff(off); }}
          sharing={room.sharing}
          onShare={(share) => { if (!share) room.stopSharing(); else void room.shareScreen().then((ok) => { setShareProblem(ok ? null : 'The screen was not shared: the browser did not allow it, or you chose nothing.'); }); }}
          leaveLabel="End session"
          onLeave={() => void room.end()}
          busy={room.busy}
        >
          {shareProblem ? <Alert tone="warning">{shareProblem}</Alert> : null}
          <CallDevices {...devicePickers(media)} />
          <CallChat lines={room.chat} peerName={name} onSend={room.sendChat} />
        </CallStage>
      ) : null}

      {entered && !ended && !room.inCall ? (
        <div className="video-room__lobby">
          <Card className="video-room__waiting">
            {room.room?.waitingSince ? (
              <>
                <p className="video-room__waiting-name" role="status">{name} is waiting</p>
                <p className="video-room__muted">Since {formatTime(room.room.waitingSince)}</p>
                <Button variant="primary" onClick={() => void room.admit()} loading={room.busy} loadingLabel="Admitting…">Admit</Button>
              </>
            ) : (
              <p role="status">Waiting for {name} to join. They join from the client portal.</p>
            )}
          </Card>
          <DeviceCheck stream={media.stream} level={media.level} {...devicePickers(media)} />
        </div>
      ) : null}
    </div>
  );
}

/** After End: the note for this appointment and attendance, one click each (neither automatic). */
function SessionEnded({ appointmentId, name }: { appointmentId: string; name: string }) {
  const appointment = useAppointment(appointmentId);
  const client = useClient(appointment.data?.clientId ?? '');
  const settings = usePracticeSettings();
  const services = useServices({ includeArchived: true });
  const { setStatus } = useSetStatus();
  const data = appointment.data;
  const context = { client: client.data, service: services.data?.find((s) => s.$id === data?.serviceId), settings: settings.data ?? null };
  return (
    <Card className="video-room__ended">
      <h2>Session ended</h2>
      <p>The call with {name} has ended. Nothing of it was recorded.</p>
      <div className="video-room__actions">
        <Link className={buttonClassName('primary')} to={notePath(appointmentId)}>Write note</Link>
        {data && data.status === 'scheduled' ? (
          <Button onClick={() => { setStatus(data, 'show', context); }}>Mark Show</Button>
        ) : null}
      </div>
      {data ? <StatusMenu appointment={data} {...context} label={`Attendance of ${name}`} /> : null}
    </Card>
  );
}
