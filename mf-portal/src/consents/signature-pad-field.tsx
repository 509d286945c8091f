import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { drawnSignature, type Drawing } from './signature.ts';

const T = PORTAL_TEXT.consent;

export interface SignaturePadFieldProps {
  /** Called after each stroke and on Clear, with the drawing as sign-consent takes it. */
  onChange: (drawing: Drawing) => void;
  describedBy?: string;
}

/**
 * The drawn signature: signature_pad on a canvas as wide as its box (sharp on high-density
 * screens). A pointer-only control, so the typed name is always offered beside it.
 */
export function SignaturePadField({ onChange, describedBy }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    // The backing store matches the shown size, so strokes land under the pointer.
    const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
    canvas.width = Math.round(canvas.offsetWidth * ratio);
    canvas.height = Math.round(canvas.offsetHeight * ratio);
    canvas.getContext('2d')?.scale(ratio, ratio);
    // Transparent background and dark ink: the PNG is printed as is on the signed PDF.
    const pad = new SignaturePad(canvas, { penColor: '#111827', backgroundColor: 'rgba(0,0,0,0)' });
    padRef.current = pad;
    const report = () => onChangeRef.current(drawnSignature(pad));
    pad.addEventListener('endStroke', report);
    return () => {
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current({ kind: 'empty' });
  };

  return (
    <div className="portal-signature-pad">
      <canvas ref={canvasRef} className="portal-signature-canvas" aria-label={T.pad} aria-describedby={describedBy} />
      <div className="portal-actions">
        <Button size="sm" onClick={clear}>{T.clear}</Button>
      </div>
    </div>
  );
}
