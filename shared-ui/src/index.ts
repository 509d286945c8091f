// @cadence/shared-ui: Cadence's design tokens (./tokens.css, loaded once by the shell), primitives
// and icons. Presentational only — no data, no auth. Explicit exports: this list is the public face.
export { Icon, ICON_NAMES, type IconName, type IconProps } from './icon/icon.tsx';
