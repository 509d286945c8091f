import { describe, expect, it } from 'vitest';
import { ACTION_FILTERS, actionLabel, deviceLabel, entityLabel } from './security-log-rules.ts';

describe('Security log words for exports, imports, notes and money (issue 17)', () => {
  it('names each in the user\'s words', () => {
    expect(actionLabel('export')).toBe('All data exported');
    expect(actionLabel('import')).toBe('Clients imported');
    expect(entityLabel('client_import')).toBe('Client import');
    expect(actionLabel('note_signature.create')).toBe('Note signed');
    expect(actionLabel('note_addendum.create')).toBe('Addendum added');
    expect(actionLabel('progress_note.delete')).toBe('Progress note deleted');
    expect(actionLabel('ledger_entry.create')).toBe('Ledger entry recorded');
    expect(actionLabel('invoice.update')).toBe('Invoice updated');
    expect(actionLabel('consent.sign')).toBe('Consent signed');
    expect(actionLabel('esign.withdraw')).toBe('Client asked for paper');
    expect(entityLabel('consent_signature')).toBe('Consent signature');
    expect(actionLabel('video.start')).toBe('Video session started');
    expect(actionLabel('video.end')).toBe('Video session ended');
  });

  it('offers them as filters', () => {
    const values = ACTION_FILTERS.map((f) => f.value);
    for (const action of ['export', 'import', 'note_signature.create', 'ledger_entry.create', 'invoice.create', 'consent.send', 'esign.accept', 'esign.withdraw', 'consent.sign', 'video.start', 'video.join', 'video.leave', 'video.end']) expect(values).toContain(action);
  });
});

describe('devices as browser and system', () => {
  it('reads a browser’s user agent, keeps a sign-in’s session description, and names Cadence’s own server calls', () => {
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15')).toBe('Safari 18 on macOS');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0')).toBe('Microsoft Edge 131 on Windows 10');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36')).toBe('Chrome 131 on Linux');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari 18 on iOS');
    expect(deviceLabel('Chrome 131.0 on Linux')).toBe('Chrome 131.0 on Linux');
    expect(deviceLabel('AppwriteNodeJSSDK/27.1.0 (Linux; x64) Node.js/22.12.0')).toBe('Cadence (server)');
    expect(deviceLabel('')).toBe('—');
    expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
  });
});
