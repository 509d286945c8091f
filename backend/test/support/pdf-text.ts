// The text of a PDF as a reader would select it, for the money documents' tests: every content
// stream (FlateDecode inflated with node:zlib), every text object (BT … ET) one line, its strings
// decoded from the standard fonts' WinAnsi encoding (what pdfkit writes for Helvetica). A PDF whose
// text were drawn as shapes or images would give nothing here — which is what "text selectable"
// rules out.
import { inflateSync } from 'node:zlib';

/** WinAnsi (cp1252) bytes 0x80–0x9f that differ from Latin-1. */
const CP1252: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

function decodeBytes(bytes: number[]): string {
  return bytes.map((b) => CP1252[b] ?? String.fromCharCode(b)).join('');
}

function hexString(hex: string): string {
  const clean = hex.replace(/\s+/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i += 2) bytes.push(Number.parseInt(clean.slice(i, i + 2).padEnd(2, '0'), 16));
  return decodeBytes(bytes);
}

function literalString(body: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (ch !== '\\') {
      bytes.push(ch.charCodeAt(0));
      continue;
    }
    const next = body[i + 1] ?? '';
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1))?.[0];
    if (octal) {
      bytes.push(Number.parseInt(octal, 8));
      i += octal.length;
    } else {
      bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return decodeBytes(bytes);
}

/** The decoded content streams of a PDF. */
function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    const dict = m[1] ?? '';
    if (/\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType)|\/Length1/.test(dict)) continue;
    try {
      streams.push((/\/FlateDecode/.test(dict) ? inflateSync(raw) : raw).toString('latin1'));
    } catch {
      // not a content stream we can read (fonts, images)
    }
    re.lastIndex = end;
  }
  return streams;
}

/** The text of one content stream: one line per text object, in drawing order. */
function streamText(stream: string): string {
  const lines: string[] = [];
  for (const block of stream.match(/\bBT\b[^]*?\bET\b/g) ?? []) {
    let line = '';
    for (const op of block.match(/\[(?:[^\]\\]|\\.)*\]\s*TJ|<[0-9a-fA-F\s]*>\s*Tj|\((?:[^)\\]|\\.)*\)\s*Tj/g) ?? []) {
      for (const s of op.match(/<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\)/g) ?? []) {
        line += s.startsWith('<') ? hexString(s.slice(1, -1)) : literalString(s.slice(1, -1));
      }
    }
    if (line) lines.push(line);
  }
  return lines.join('\n');
}

/** The PDF's text: one line per text object, in drawing order. */
export function pdfText(pdf: Buffer): string {
  return contentStreams(pdf).map(streamText).filter(Boolean).join('\n');
}

/** Each page's text (pdfkit writes one content stream per page), in page order. */
export function pdfPageTexts(pdf: Buffer): string[] {
  return contentStreams(pdf).map(streamText).filter(Boolean);
}
