// One side of a video call (issue 34): an RTCPeerConnection to the other participant, negotiated with
// the "perfect negotiation" pattern (W3C WebRTC §10.7 / MDN): the client's page is the polite peer and
// rolls back its own offer on a collision, the therapist's is impolite and ignores the colliding
// offer. Signalling goes through `transport` (the video-room function writing video_signals, delivered
// over Appwrite Realtime); each page load has its own session id, so a reloaded page starts afresh:
// its `hello` makes the other side drop the old connection and negotiate a new one. Mute and camera
// state and the side chat travel on a data channel, peer to peer, and are never stored.
import { figuresBetween, sampleOf, type CallFigures, type StatsSample } from './call-stats.ts';

export type SignalKind = 'hello' | 'description' | 'candidates' | 'bye';

export interface Signal {
  kind: SignalKind;
  fromSession: string;
  toSession: string | null;
  data: string;
}

export interface SignalTransport {
  send(signal: Signal): Promise<void>;
  /** Calls back with every signal of this room the user may read; answers the unsubscribe. */
  subscribe(onSignal: (signal: Signal) => void): Promise<() => void>;
}

export interface PeerState { muted: boolean; cameraOff: boolean }

export type CallStatus = 'calling' | 'connected' | 'reconnecting' | 'left';

export interface CallEvents {
  remoteStream(stream: MediaStream): void;
  peerState(state: PeerState): void;
  chat(text: string): void;
  status(status: CallStatus): void;
  figures(figures: CallFigures): void;
}

export interface CallOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  local: MediaStream;
  transport: SignalTransport;
  events: CallEvents;
  /** test seam and bench: how often stats are read (ms) */
  statsEvery?: number;
}

type Wire = { type: 'state'; muted: boolean; cameraOff: boolean } | { type: 'chat'; text: string };

const HELLO_EVERY_MS = 2_000;
/** Candidates found within this window go in one signal (one function call, not one per candidate). */
const CANDIDATE_BATCH_MS = 40;
/** A connection `disconnected` this long (no answer to ICE checks) restarts ICE without waiting for `failed`. */
const ICE_RESTART_AFTER_MS = 2_500;

function randomSession(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class VideoCall {
  readonly session = randomSession();
  private pc: RTCPeerConnection | null = null;
  private channel: RTCDataChannel | null = null;
  private peerSession: string | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private candidateTimer: ReturnType<typeof setTimeout> | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private helloTimer: ReturnType<typeof setInterval> | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private lastSample: StatsSample | null = null;
  private unsubscribe: (() => void) | null = null;
  private state: PeerState = { muted: false, cameraOff: false };
  private screen: MediaStreamTrack | null = null;
  private closed = false;
  /** Signals leave one at a time, so a description always arrives before its candidates. */
  private outbox: Promise<void> = Promise.resolve();
  private inbox: Promise<void> = Promise.resolve();

  constructor(private readonly options: CallOptions) {
    this.state = {
      muted: options.local.getAudioTracks().every((t) => !t.enabled),
      cameraOff: options.local.getVideoTracks().every((t) => !t.enabled),
    };
  }

  async start(): Promise<void> {
    // Applied one at a time, in the order they were written: a description before its candidates.
    this.unsubscribe = await this.options.transport.subscribe((signal) => {
      this.inbox = this.inbox.then(() => this.receive(signal)).catch((e: unknown) => { console.warn('A video signal could not be applied', e); });
    });
    this.options.events.status('calling');
    // Until the other page answers: it may not be subscribed yet, or not admitted yet.
    await this.hello(false);
    this.helloTimer = setInterval(() => { if (!this.connected()) void this.hello(false); }, HELLO_EVERY_MS);
    this.statsTimer = setInterval(() => { void this.readStats(); }, this.options.statsEvery ?? 2_000);
  }

  setMuted(muted: boolean): void {
    for (const track of this.options.local.getAudioTracks()) track.enabled = !muted;
    this.state = { ...this.state, muted };
    this.sendWire({ type: 'state', ...this.state });
  }

  setCameraOff(cameraOff: boolean): void {
    for (const track of this.options.local.getVideoTracks()) track.enabled = !cameraOff;
    this.state = { ...this.state, cameraOff };
    this.sendWire({ type: 'state', ...this.state });
  }

  /** A device switch mid-call: the same senders, the new tracks, no renegotiation. */
  async useStream(stream: MediaStream): Promise<void> {
    this.options.local = stream;
    for (const track of stream.getAudioTracks()) track.enabled = !this.state.muted;
    for (const track of stream.getVideoTracks()) track.enabled = !this.state.cameraOff;
    for (const track of stream.getTracks()) {
      // While the screen is shared, the new camera waits for the share to stop.
      if (track.kind === 'video' && this.screen) continue;
      await this.senderOf(track.kind)?.replaceTrack(track);
    }
  }

  /**
   * Screen share: the screen's track in place of the camera's on the same sender (no renegotiation);
   * null puts the camera back. A connection made meanwhile (a reload) starts with the screen too.
   */
  async shareScreen(track: MediaStreamTrack | null): Promise<void> {
    this.screen = track;
    await this.senderOf('video')?.replaceTrack(track ?? this.options.local.getVideoTracks()[0] ?? null);
  }

  private senderOf(kind: string): RTCRtpSender | undefined {
    return this.pc?.getTransceivers().find((t) => t.receiver.track.kind === kind && t.currentDirection !== 'stopped')?.sender;
  }

  sendChat(text: string): boolean {
    return this.sendWire({ type: 'chat', text });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.helloTimer) clearInterval(this.helloTimer);
    if (this.statsTimer) clearInterval(this.statsTimer);
    if (this.candidateTimer) clearTimeout(this.candidateTimer);
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.unsubscribe?.();
    this.pc?.close();
    this.pc = null;
    if (this.peerSession) await this.send({ kind: 'bye', fromSession: this.session, toSession: this.peerSession, data: '' });
  }

  private send(signal: Signal): Promise<void> {
    this.outbox = this.outbox.then(() => this.options.transport.send(signal)).catch(() => undefined);
    return this.outbox;
  }

  /** The current connection, for getStats in tests and the bench. */
  connection(): RTCPeerConnection | null {
    return this.pc;
  }

  private connected(): boolean {
    return this.pc?.connectionState === 'connected';
  }

  private hello(reply: boolean): Promise<void> {
    return this.send({ kind: 'hello', fromSession: this.session, toSession: reply ? this.peerSession : null, data: JSON.stringify({ reply }) });
  }

  private async receive(signal: Signal): Promise<void> {
    if (this.closed || signal.fromSession === this.session) return;
    if (signal.toSession !== null && signal.toSession !== this.session) return;
    if (signal.kind === 'hello') {
      const reply = (JSON.parse(signal.data || '{}') as { reply?: boolean }).reply === true;
      let resend: RTCPeerConnection | null = null;
      if (signal.fromSession !== this.peerSession) {
        this.peerSession = signal.fromSession;
        this.connect();
      } else if (!reply && this.pc?.signalingState === 'have-local-offer' && this.pc.localDescription) {
        // The peer is still saying hello with our offer unanswered: it missed it (its subscription
        // was not live yet). Sent again after the reply, so it knows this page before the offer.
        resend = this.pc;
      }
      if (!reply) await this.hello(true);
      if (resend) await this.sendDescription(resend);
      return;
    }
    if (signal.fromSession !== this.peerSession && signal.kind === 'description' && signal.toSession === this.session
      && (JSON.parse(signal.data) as RTCSessionDescriptionInit).type === 'offer') {
      // An offer addressed to this page from a page whose hello it has not heard. Only a page that
      // heard this page's hello knows its session, and Realtime's subscribe resolves when the socket
      // opens, before the subscription is live: a freshly (re)loaded page can miss the hello reply
      // and, with it, the offer behind it. That page is the peer now.
      this.peerSession = signal.fromSession;
      this.connect();
    }
    if (signal.fromSession !== this.peerSession) return;
    if (signal.kind === 'bye') {
      this.pc?.close();
      this.pc = null;
      this.peerSession = null;
      this.options.events.status('left');
      return;
    }
    const pc = this.pc;
    if (!pc) return;
    if (signal.kind === 'description') await this.description(pc, JSON.parse(signal.data) as RTCSessionDescriptionInit);
    else for (const candidate of JSON.parse(signal.data) as RTCIceCandidateInit[]) {
      try {
        await pc.addIceCandidate(candidate);
      } catch (e) {
        if (!this.ignoreOffer) throw e;
      }
    }
  }

  private async description(pc: RTCPeerConnection, description: RTCSessionDescriptionInit): Promise<void> {
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    await pc.setRemoteDescription(description);
    if (description.type === 'offer') {
      await pc.setLocalDescription();
      await this.sendDescription(pc);
    }
  }

  private sendDescription(pc: RTCPeerConnection): Promise<void> {
    return this.send({ kind: 'description', fromSession: this.session, toSession: this.peerSession, data: JSON.stringify(pc.localDescription) });
  }

  /** A new connection to the peer's current page (the first, or after either side reloaded). */
  private connect(): void {
    this.pc?.close();
    this.lastSample = null;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.pendingCandidates = [];
    if (this.candidateTimer) clearTimeout(this.candidateTimer);
    this.candidateTimer = null;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    this.pc = pc;
    this.options.events.status('calling');
    for (const track of this.options.local.getTracks()) pc.addTrack(track.kind === 'video' && this.screen ? this.screen : track, this.options.local);
    // Negotiated on both sides with the same id, so neither waits for the other to announce it.
    this.channel = pc.createDataChannel('room', { negotiated: true, id: 0 });
    this.channel.onopen = () => { this.sendWire({ type: 'state', ...this.state }); };
    this.channel.onmessage = (event: MessageEvent<string>) => { this.onWire(event.data); };
    pc.ontrack = ({ streams, track }) => { this.options.events.remoteStream(streams[0] ?? new MediaStream([track])); };
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (this.pc === pc) await this.sendDescription(pc);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate) return;
      this.pendingCandidates.push(candidate.toJSON());
      this.candidateTimer ??= setTimeout(() => { void this.flushCandidates(pc); }, CANDIDATE_BATCH_MS);
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (this.restartTimer) clearTimeout(this.restartTimer);
      this.restartTimer = null;
      if (pc.connectionState === 'connected') this.options.events.status('connected');
      // A network blip: new candidates on the same connection (an ICE restart: restartIce makes the
      // next offer carry new credentials; perfect negotiation settles who offers), at once on
      // `failed`, and after a short wait on `disconnected`, which may also mend by itself.
      if (pc.connectionState === 'disconnected') {
        this.options.events.status('reconnecting');
        this.restartTimer = setTimeout(() => {
          this.restartTimer = null;
          if (this.pc === pc && pc.connectionState === 'disconnected') pc.restartIce();
        }, ICE_RESTART_AFTER_MS);
      }
      if (pc.connectionState === 'failed') {
        this.options.events.status('reconnecting');
        pc.restartIce();
      }
    };
  }

  private async flushCandidates(pc: RTCPeerConnection): Promise<void> {
    this.candidateTimer = null;
    const batch = this.pendingCandidates.splice(0);
    if (batch.length === 0 || this.pc !== pc) return;
    await this.send({ kind: 'candidates', fromSession: this.session, toSession: this.peerSession, data: JSON.stringify(batch) });
  }

  private sendWire(message: Wire): boolean {
    if (this.channel?.readyState !== 'open') return false;
    this.channel.send(JSON.stringify(message));
    return true;
  }

  private onWire(raw: string): void {
    let message: Wire;
    try {
      message = JSON.parse(raw) as Wire;
    } catch {
      return;
    }
    if (message.type === 'state') this.options.events.peerState({ muted: message.muted === true, cameraOff: message.cameraOff === true });
    else if (message.type === 'chat' && typeof message.text === 'string') this.options.events.chat(message.text.slice(0, 2_000));
  }

  private async readStats(): Promise<void> {
    const pc = this.pc;
    if (!pc || pc.connectionState === 'closed') return;
    const report = await pc.getStats();
    const sample = sampleOf(report.values() as Iterable<Record<string, unknown> & { type: string }>, Date.now());
    this.options.events.figures(figuresBetween(this.lastSample, sample));
    this.lastSample = sample;
  }
}
