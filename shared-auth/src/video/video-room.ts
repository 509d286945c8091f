// The state of one video room page (issue 34), for the therapist's (mf-dashboard) and the client's
// (mf-portal) pages alike: enter through the video-room function, follow the room document over
// Appwrite Realtime, run the call while the client is admitted, the client's heartbeat, and
// admit / leave / end. The remote passes in shared-auth's function and Realtime calls (this module is
// bundled into each remote; those stay the one shared client).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallFigures } from './call-stats.ts';
import { VideoCall, type CallStatus, type PeerState, type Signal } from './video-call.ts';
import { VIDEO_COLLECTIONS } from './collections.ts';
const HEARTBEAT_MS = 30_000;

export interface RoomDocument {
  $id: string;
  startedAt: string | null;
  waitingSince: string | null;
  admittedAt: string | null;
  clientSeenAt: string | null;
  endedAt: string | null;
}

export interface EnterAnswer {
  success?: boolean;
  error?: string | null;
  reason?: string;
  /** reason 'window': true before it opens, false once it has closed */
  early?: boolean;
  opensAt?: string;
  closesAt?: string;
  requestId?: string | null;
  role?: 'therapist' | 'client';
  appointment?: { $id: string; start: string; end: string; status: string; noteState: string };
  room?: RoomDocument;
  consentSigned?: boolean;
  peerName?: string;
  iceServers?: RTCIceServer[];
}

export interface RoomBackend {
  /** executeFunction('videoRoom', body, { acceptRefusal: true }) */
  call(body: Record<string, unknown>): Promise<EnterAnswer>;
  /** subscribeLive: resolves once the server has the subscription; `onResubscribed` after a reconnect */
  live(channels: string[], callback: (event: { events: string[]; payload: unknown }) => void, onResubscribed?: () => void): Promise<() => void>;
  /** documentsChannel */
  channel(collectionId: string, documentId?: string): string;
  /** the room document as the user may read it (a fallback to Realtime while waiting) */
  getRoom(appointmentId: string): Promise<RoomDocument | null>;
  /** the runtime config's STUN servers; the function adds TURN credentials */
  iceServers: RTCIceServer[];
}

export interface ChatLine { from: 'me' | 'peer'; text: string; at: number }

export interface VideoRoomState {
  entered: EnterAnswer | null;
  refused: EnterAnswer | null;
  room: RoomDocument | null;
  inCall: boolean;
  status: CallStatus | null;
  remote: MediaStream | null;
  peer: PeerState;
  figures: CallFigures | null;
  chat: ChatLine[];
  left: boolean;
  busy: boolean;
  problem: string | null;
  admit(): Promise<void>;
  leave(): Promise<void>;
  end(): Promise<void>;
  rejoin(): Promise<void>;
  setMuted(muted: boolean): void;
  setCameraOff(cameraOff: boolean): void;
  sendChat(text: string): boolean;
  /** The therapist's screen share: true while the screen goes instead of the camera. */
  sharing: boolean;
  /** Asks the browser for a screen, window or tab (getDisplayMedia) and sends it; false if refused. */
  shareScreen(): Promise<boolean>;
  stopSharing(): void;
}

export function useVideoRoom(appointmentId: string, backend: RoomBackend, local: MediaStream | null): VideoRoomState {
  const [entered, setEntered] = useState<EnterAnswer | null>(null);
  const [refused, setRefused] = useState<EnterAnswer | null>(null);
  const [room, setRoom] = useState<RoomDocument | null>(null);
  const [status, setStatus] = useState<CallStatus | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [peer, setPeer] = useState<PeerState>({ muted: false, cameraOff: false });
  const [figures, setFigures] = useState<CallFigures | null>(null);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [left, setLeft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const callRef = useRef<VideoCall | null>(null);
  const backendRef = useRef(backend);
  const localRef = useRef(local);
  const haveLocal = local !== null;
  // Declared first, so the effects below read this render's values.
  useEffect(() => {
    backendRef.current = backend;
    localRef.current = local;
  });

  // One Realtime subscription per page for the room and its signals, opened at once; entering does not
  // wait for it (a socket may take a moment), and the call waits for it before saying hello.
  const signalListeners = useRef(new Set<(signal: Signal) => void>());
  const liveReady = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    let cancelled = false;
    const b = backendRef.current;
    const subscribing = b.live([b.channel(VIDEO_COLLECTIONS.rooms, appointmentId), b.channel(VIDEO_COLLECTIONS.signals)], ({ events, payload }) => {
      if (cancelled) return;
      const doc = payload as { $collectionId?: string; appointmentId?: string };
      if (events.some((e) => e.includes(`.${VIDEO_COLLECTIONS.signals}.`))) {
        if (doc.appointmentId === appointmentId && events.some((e) => e.endsWith('.create'))) for (const listener of signalListeners.current) listener(payload as Signal);
      } else {
        setRoom(payload as RoomDocument);
      }
    }, () => {
      // Live again after a dropped socket: the room may have changed in the gap.
      void b.getRoom(appointmentId).then((fresh) => { if (fresh && !cancelled) setRoom(fresh); }, () => undefined);
    });
    liveReady.current = subscribing.catch(() => undefined);
    void (async () => {
      try {
        const answer = await b.call({ action: 'enter', appointmentId });
        if (cancelled) return;
        if (answer.success === false) setRefused(answer);
        else { setEntered(answer); setRoom(answer.room ?? null); }
      } catch {
        if (!cancelled) setProblem('The video session could not be reached. Check your connection and reload the page.');
      }
    })();
    return () => {
      cancelled = true;
      void subscribing.then((stop) => { stop(); }, () => undefined);
    };
  }, [appointmentId, attempt]);

  const role = entered?.role;
  const inCall = Boolean(entered && !left && room?.admittedAt && !room.endedAt);

  // Realtime carries the room's changes; while nobody is in the call, a slow read every few seconds
  // also catches one a dropped socket missed (a waiting client, an admission, the end).
  useEffect(() => {
    if (!entered || inCall || room?.endedAt || left) return undefined;
    const timer = setInterval(() => {
      void backendRef.current.getRoom(appointmentId).then((fresh) => { if (fresh) setRoom(fresh); }, () => undefined);
    }, 4_000);
    return () => { clearInterval(timer); };
  }, [entered, inCall, room?.endedAt, left, appointmentId]);

  // The client's heartbeat: a reload within 2 minutes of the last one finds them still admitted.
  useEffect(() => {
    if (role !== 'client' || left || room?.endedAt) return undefined;
    const timer = setInterval(() => { void backendRef.current.call({ action: 'here', appointmentId }).catch(() => undefined); }, HEARTBEAT_MS);
    return () => { clearInterval(timer); };
  }, [role, left, room?.endedAt, appointmentId]);

  useEffect(() => {
    const stream = localRef.current;
    if (!inCall || !stream || !entered) return undefined;
    const b = backendRef.current;
    const call = new VideoCall({
      polite: entered.role === 'client',
      iceServers: [...b.iceServers, ...(entered.iceServers ?? [])],
      local: stream,
      transport: {
        send: async (signal: Signal) => {
          const answer = await b.call({ action: 'signal', appointmentId, ...signal });
          if (answer.success === false) throw new Error(answer.error ?? 'signal refused');
        },
        subscribe: async (onSignal) => {
          signalListeners.current.add(onSignal);
          await Promise.race([liveReady.current, new Promise((resolve) => { setTimeout(resolve, 10_000); })]);
          return () => { signalListeners.current.delete(onSignal); };
        },
      },
      events: {
        remoteStream: setRemote,
        peerState: setPeer,
        chat: (text) => { setChat((lines) => [...lines, { from: 'peer', text, at: Date.now() }]); },
        status: (s) => {
          setStatus(s);
          if (s === 'left') setRemote(null);
        },
        figures: setFigures,
      },
    });
    callRef.current = call;
    void call.start();
    return () => {
      callRef.current = null;
      void call.close();
      setRemote(null);
      setStatus(null);
      setFigures(null);
    };
    // A new stream (a device switch) does not restart the call: the effect below swaps its tracks.
  }, [inCall, entered, appointmentId, haveLocal]);

  useEffect(() => {
    if (local) void callRef.current?.useStream(local);
  }, [local]);

  // The shared screen goes to the call (and to a connection made later: `status`), and stops with
  // the call, when replaced, or when the browser's own "Stop sharing" ends it.
  const shared = inCall ? screen : null;
  useEffect(() => {
    void callRef.current?.shareScreen(shared);
    if (!shared) return undefined;
    const ended = () => { setScreen(null); };
    shared.addEventListener('ended', ended);
    return () => { shared.removeEventListener('ended', ended); };
  }, [shared, status]);
  useEffect(() => () => { shared?.stop(); }, [shared]);

  const act = useCallback(async (action: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await backendRef.current.call({ action, appointmentId });
      if (answer.success === false) setProblem(answer.error ?? 'That did not work. Please try again.');
      else if (answer.room) setRoom(answer.room);
    } catch {
      setProblem('The video session could not be reached. Please try again.');
    } finally {
      setBusy(false);
    }
  }, [appointmentId]);

  return {
    entered, refused, room, inCall, status, remote, peer, figures, chat, left, busy, problem,
    admit: () => act('admit'),
    leave: async () => { await callRef.current?.close(); setLeft(true); await act('leave'); },
    end: async () => { await callRef.current?.close(); await act('end'); },
    rejoin: async () => { setLeft(false); setEntered(null); setRefused(null); setAttempt((n) => n + 1); },
    setMuted: (m) => { callRef.current?.setMuted(m); },
    setCameraOff: (c) => { callRef.current?.setCameraOff(c); },
    sharing: shared !== null,
    shareScreen: async () => {
      try {
        const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
        const track = display.getVideoTracks()[0] ?? null;
        setScreen(track);
        return track !== null;
      } catch {
        return false;
      }
    },
    stopSharing: () => { setScreen(null); },
    sendChat: (text) => {
      const sent = callRef.current?.sendChat(text) ?? false;
      if (sent) setChat((lines) => [...lines, { from: 'me', text, at: Date.now() }]);
      return sent;
    },
  };
}
