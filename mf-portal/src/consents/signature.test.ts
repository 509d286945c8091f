import { describe, expect, it } from 'vitest';
import { dataUrlBytes, DRAWING_MAX_BYTES, drawnSignature, readyToSign, signerNameOf, type DrawingSurface } from './signature.ts';

const surface = (dataUrl: string, empty = false): DrawingSurface => ({ isEmpty: () => empty, toDataURL: () => dataUrl });
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('the drawn signature (issue 31: sign-consent takes a PNG data URL of at most 100 KB)', () => {
  it('is the pad’s PNG data URL once something is drawn', () => {
    const dataUrl = png(2_000);
    expect(drawnSignature(surface(dataUrl))).toEqual({ kind: 'drawn', dataUrl });
  });

  it('is nothing while the pad is empty, or when the pad gives no PNG', () => {
    expect(drawnSignature(surface(png(10), true))).toEqual({ kind: 'empty' });
    expect(drawnSignature(surface('data:,'))).toEqual({ kind: 'empty' });
  });

  it('counts decoded bytes, and refuses a drawing over the limit before sending it', () => {
    expect(dataUrlBytes(png(1))).toBe(1);
    expect(dataUrlBytes(png(2))).toBe(2);
    expect(dataUrlBytes(png(3))).toBe(3);
    expect(drawnSignature(surface(png(DRAWING_MAX_BYTES)))).toMatchObject({ kind: 'drawn' });
    expect(drawnSignature(surface(png(DRAWING_MAX_BYTES + 1)))).toEqual({ kind: 'tooLarge' });
  });
});

describe('Sign is offered only with a name, a signature and the intent to sign', () => {
  const drawn = { kind: 'drawn', dataUrl: png(10) } as const;
  it('typed: a name and the intent', () => {
    expect(readyToSign({ signerName: 'Robin Hale', method: 'typed', drawing: { kind: 'empty' }, intent: true })).toBe(true);
    expect(readyToSign({ signerName: 'Robin Hale', method: 'typed', drawing: { kind: 'empty' }, intent: false })).toBe(false);
    expect(readyToSign({ signerName: '   ', method: 'typed', drawing: { kind: 'empty' }, intent: true })).toBe(false);
    expect(readyToSign({ signerName: 'x'.repeat(129), method: 'typed', drawing: { kind: 'empty' }, intent: true })).toBe(false);
  });
  it('drawn: also a drawing within the limit', () => {
    expect(readyToSign({ signerName: 'Robin Hale', method: 'drawn', drawing: drawn, intent: true })).toBe(true);
    expect(readyToSign({ signerName: 'Robin Hale', method: 'drawn', drawing: { kind: 'empty' }, intent: true })).toBe(false);
    expect(readyToSign({ signerName: 'Robin Hale', method: 'drawn', drawing: { kind: 'tooLarge' }, intent: true })).toBe(false);
    expect(readyToSign({ signerName: 'Robin Hale', method: 'drawn', drawing: drawn, intent: false })).toBe(false);
  });
  it('signs the name as the function stores it', () => {
    expect(signerNameOf('  Robin \n  Hale ')).toBe('Robin Hale');
  });
});
