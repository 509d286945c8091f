// @cadence/shared-ui/qr: a QR code (uqr's encoder drawn as one SVG path), for the two-step set-up
// screen and the office's "Take a card payment" (issue 33). Not part of the shared singleton every
// route loads: each remote bundles it with the screen that shows one, loaded with that screen.
export { QrCode } from './qr-code/qr-code.tsx';
