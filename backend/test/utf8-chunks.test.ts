// lib/utf8-chunks.js: text written a piece at a time as UTF-8 buffers (the export's CSVs and FHIR
// bundle, issue 35) — the bytes Buffer.from gives the whole text, whatever the pieces.
import { describe, expect, it } from 'vitest';
import { Utf8Chunks } from '../functions/lib/utf8-chunks.js';

describe('Utf8Chunks', () => {
  it('holds exactly the UTF-8 of the text written, across buffers, with text outside ASCII', () => {
    const pieces = Array.from({ length: 50_000 }, (_, i) => (i % 3 ? `row ${i}, plain\r\n` : `Zoë — “${i}” 🌿 ${'é'.repeat(i % 50)}\r\n`));
    // A piece larger than any buffer, and one filling a buffer's last bytes.
    pieces.splice(49_990, 0, 'x'.repeat(5 << 20), '€'.repeat(70_000));
    const out = new Utf8Chunks();
    for (const piece of pieces) out.write(piece);
    const chunks = out.chunks();
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
    expect(Buffer.concat(chunks).equals(Buffer.from(pieces.join(''), 'utf8'))).toBe(true);
  });

  it('a lone surrogate becomes U+FFFD as Buffer.from makes it; nothing written is no chunks', () => {
    const out = new Utf8Chunks();
    out.write('a\ud800b');
    expect(Buffer.concat(out.chunks()).equals(Buffer.from('a\ud800b', 'utf8'))).toBe(true);
    out.write('');
    expect(new Utf8Chunks().chunks()).toEqual([]);
  });
});
