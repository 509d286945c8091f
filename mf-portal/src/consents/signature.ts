// The signer's input before it goes to sign-consent (backend lib/consent-signing.js signingInputOf
// checks the same again): a name, typed or drawn, and the explicit intent to sign.

/** sign-consent's limits: a name of at most 128 characters, a drawing of at most 100 KB decoded. */
export const SIGNER_NAME_MAX = 128;
export const DRAWING_MAX_BYTES = 100_000;

export type SignatureMethod = 'typed' | 'drawn';

/** What signature_pad offers, and all the drawing step needs of it. */
export interface DrawingSurface {
  isEmpty(): boolean;
  toDataURL(type?: string): string;
}

export type Drawing = { kind: 'empty' } | { kind: 'tooLarge' } | { kind: 'drawn'; dataUrl: string };

/** The bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The drawn signature as the PNG data URL sign-consent takes, or why there is none to send. */
export function drawnSignature(surface: DrawingSurface): Drawing {
  if (surface.isEmpty()) return { kind: 'empty' };
  const dataUrl = surface.toDataURL('image/png');
  if (!dataUrl.startsWith('data:image/png;base64,')) return { kind: 'empty' };
  return dataUrlBytes(dataUrl) > DRAWING_MAX_BYTES ? { kind: 'tooLarge' } : { kind: 'drawn', dataUrl };
}

/** The name as it is signed: one space between words, none around (as the function stores it). */
export const signerNameOf = (typed: string): string => typed.normalize('NFC').replace(/\s+/g, ' ').trim();

export interface SigningState {
  signerName: string;
  method: SignatureMethod;
  drawing: Drawing;
  intent: boolean;
}

/** Sign is offered only with a name, a drawing when drawing, and the intent to sign ticked. */
export function readyToSign(state: SigningState): boolean {
  const name = signerNameOf(state.signerName);
  if (!state.intent || !name || name.length > SIGNER_NAME_MAX) return false;
  return state.method === 'typed' || state.drawing.kind === 'drawn';
}
