/** Cadence's mark, drawn from the tokens (three bars of a rhythm): no image to load, both schemes. */
export function BrandMark() {
  return (
    <span className="brand-mark" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}
