// How rates are written for people: the one rounding of every table (analyze, strategies, advise),
// chart (src/records/svg.ts) and the HTML report, so that a rate reads the same everywhere.
// `(100 * x).toFixed(1)` rounds the binary value: 0.8765 is 87.649999... and would print 87.6% in
// one place and 87.7% in another. Here the decimal value is rounded, half away from zero.

/** `x` rounded to `digits` decimals, half away from zero on its decimal value, as text ("87.7"). */
export function roundDecimal(x: number, digits = 1): string {
  const abs = Number(Math.abs(x).toPrecision(12)); // 87.64999999999999 -> 87.65: the value meant
  const scaled = Math.round(Number(`${abs}e${digits}`)); // exact decimal shift: 87.65e1 = 876.5
  const text = Number(`${scaled}e-${digits}`).toFixed(digits);
  return x < 0 && scaled !== 0 ? `-${text}` : text;
}

/** A fraction as a percentage with one decimal ("87.7%"); '-' for NaN (no deals). */
export function percent(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${roundDecimal(100 * x, digits)}%` : '-';
}

/** A difference of fractions in percentage points, signed ("+3.5", "-0.3"); '-' for NaN. */
export function points(x: number): string {
  if (!Number.isFinite(x)) return '-';
  const text = roundDecimal(100 * x);
  return text.startsWith('-') ? text : `${x < 0 ? '-' : '+'}${text}`;
}

/** A whole number with thousands separators ("20,000,000"), the same on every machine (no locale). */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
