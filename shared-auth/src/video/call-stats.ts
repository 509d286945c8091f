// Connection quality from RTCPeerConnection.getStats() (issue 34): round-trip time of the selected
// candidate pair, packet loss and bitrate of what arrives, and frames decoded (the e2e's proof that
// video flows). Pure: two successive reports in, the figures out.

export interface CallFigures {
  /** seconds, from the nominated candidate pair's currentRoundTripTime */
  roundTrip: number | null;
  /** 0–1 of inbound packets lost since the previous report */
  loss: number | null;
  /** inbound bits per second, audio and video together */
  bitrate: number | null;
  /** inbound video frames decoded so far */
  framesDecoded: number;
  quality: 'good' | 'fair' | 'poor' | 'unknown';
}

export interface StatsSample {
  at: number;
  bytes: number;
  packetsReceived: number;
  packetsLost: number;
  framesDecoded: number;
  roundTrip: number | null;
}

type Entry = Record<string, unknown> & { type: string };

/** The totals of one getStats() report. */
export function sampleOf(report: Iterable<Entry>, at: number): StatsSample {
  const sample: StatsSample = { at, bytes: 0, packetsReceived: 0, packetsLost: 0, framesDecoded: 0, roundTrip: null };
  for (const entry of report) {
    if (entry.type === 'inbound-rtp') {
      sample.bytes += Number(entry['bytesReceived'] ?? 0);
      sample.packetsReceived += Number(entry['packetsReceived'] ?? 0);
      sample.packetsLost += Math.max(0, Number(entry['packetsLost'] ?? 0));
      if (entry['kind'] === 'video') sample.framesDecoded += Number(entry['framesDecoded'] ?? 0);
    } else if (entry.type === 'candidate-pair' && entry['nominated'] === true && entry['state'] === 'succeeded' && typeof entry['currentRoundTripTime'] === 'number') {
      sample.roundTrip = entry['currentRoundTripTime'];
    }
  }
  return sample;
}

/** Figures between two samples; quality by common thresholds (≤ 300 ms and ≤ 2 % good, ≤ 600 ms and ≤ 8 % fair). */
export function figuresBetween(previous: StatsSample | null, current: StatsSample): CallFigures {
  const seconds = previous ? (current.at - previous.at) / 1000 : 0;
  const received = previous ? current.packetsReceived - previous.packetsReceived : 0;
  const lost = previous ? current.packetsLost - previous.packetsLost : 0;
  const loss = previous && received + lost > 0 ? lost / (received + lost) : null;
  const bitrate = previous && seconds > 0 ? ((current.bytes - previous.bytes) * 8) / seconds : null;
  const { roundTrip } = current;
  let quality: CallFigures['quality'] = 'unknown';
  if (roundTrip !== null || loss !== null) {
    const rtt = roundTrip ?? 0;
    const l = loss ?? 0;
    quality = rtt <= 0.3 && l <= 0.02 ? 'good' : rtt <= 0.6 && l <= 0.08 ? 'fair' : 'poor';
  }
  return { roundTrip, loss, bitrate, framesDecoded: current.framesDecoded, quality };
}

/** "Connection good · 12 ms · 0% loss · 1.4 Mbps": what the room shows under the videos. */
export function qualityText(figures: CallFigures | null): string | null {
  if (!figures || figures.quality === 'unknown') return null;
  const parts = [`Connection ${figures.quality}`];
  if (figures.roundTrip !== null) parts.push(`${Math.round(figures.roundTrip * 1000)} ms`);
  if (figures.loss !== null) parts.push(`${(figures.loss * 100).toFixed(figures.loss < 0.1 ? 1 : 0)}% loss`);
  if (figures.bitrate !== null) parts.push(`${(figures.bitrate / 1e6).toFixed(1)} Mbps`);
  return parts.join(' · ');
}
