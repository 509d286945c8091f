import { describe, expect, it } from 'vitest';
import { figuresBetween, qualityText, sampleOf } from './call-stats.ts';

const report = (bytes: number, received: number, lost: number, frames: number, rtt: number) => [
  { type: 'inbound-rtp', kind: 'video', bytesReceived: bytes, packetsReceived: received, packetsLost: lost, framesDecoded: frames },
  { type: 'inbound-rtp', kind: 'audio', bytesReceived: 1000, packetsReceived: 100, packetsLost: 0 },
  { type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: rtt },
  { type: 'candidate-pair', nominated: false, state: 'waiting', currentRoundTripTime: 9 },
];

describe('call quality from getStats (issue 34)', () => {
  it('reads round trip, loss since the last report, bitrate and frames decoded', () => {
    const first = sampleOf(report(100_000, 900, 0, 30, 0.02), 0);
    const second = sampleOf(report(350_000, 1800, 10, 90, 0.04), 2000);
    const figures = figuresBetween(first, second);
    expect(figures.roundTrip).toBe(0.04);
    expect(figures.loss).toBeCloseTo(10 / 910);
    expect(figures.bitrate).toBe(1_000_000);
    expect(figures.framesDecoded).toBe(90);
    expect(figures.quality).toBe('good');
    expect(qualityText(figures)).toBe('Connection good · 40 ms · 1.1% loss · 1.0 Mbps');
  });

  it('says fair and poor by round trip and loss, and nothing before the first figures', () => {
    const base = sampleOf(report(0, 0, 0, 0, 0.5), 0);
    expect(figuresBetween(base, sampleOf(report(1, 1000, 0, 1, 0.5), 1000)).quality).toBe('fair');
    expect(figuresBetween(base, sampleOf(report(1, 800, 200, 1, 0.1), 1000)).quality).toBe('poor');
    expect(qualityText(figuresBetween(null, sampleOf([], 0)))).toBeNull();
  });
});
