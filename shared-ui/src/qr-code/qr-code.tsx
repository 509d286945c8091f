import { encode } from 'uqr';

/**
 * A QR code as an SVG path (mf-account's two-step set-up, the office's card payment link) (no image request, no innerHTML): dark modules on a white square with
 * the standard four-module quiet zone, so a phone camera reads it in dark mode too.
 */
export function QrCode({ value, label, size = 192, className }: { value: string; label: string; size?: number; className?: string }) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path += `M${x} ${y}h1v1h-1z`;
  }));
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges" className={className}>
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
