// Zobrist keys. Two independent 32-bit key sets (h1, h2) so the solver can verify a table hit
// with 64 bits instead of 32 (see src/search/core/tt.ts for why that matters for `lost`).
//
// A pile's own hash is the XOR of KEY[kind][depth][cardClass] over its cards. The position hash
// is the SUM (mod 2^32) of mix(pileHash) over all piles. The sum is commutative, so piles of one
// kind that the rules treat alike (tableau piles, cells, foundations) can be listed in any order
// and hash the same; unlike XOR, two identical piles do not cancel. `mix` is a bijective
// finaliser so that the sum of related pile hashes is not linear in the keys.

export enum PileKind {
  Tableau = 0,
  Foundation = 1,
  Cell = 2,
  Reserve = 3,
  Stock = 4,
  Waste = 5,
}
export const KIND_COUNT = 6;
/** Deepest pile the key tables cover (4 decks: 208 cards). */
export const MAX_DEPTH = 208;
export const CLASS_COUNT = 52;

/** Splitmix32's generator from `seed`: a multiply-mix of a counter, so its outputs are not linear over the bits. */
export function splitmix32(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

function makeKeys(seed: number, n = KIND_COUNT * MAX_DEPTH * CLASS_COUNT): Int32Array {
  const rnd = splitmix32(seed);
  const k = new Int32Array(n);
  for (let i = 0; i < k.length; i++) k[i] = rnd();
  return k;
}

/** KEYS1[(kind * MAX_DEPTH + depth) * 52 + cls]; fixed seeds so hashes are reproducible. */
export const KEYS1 = makeKeys(0x5167a0a1);
export const KEYS2 = makeKeys(0x2e3d4c5b);
/** KEYS1 and KEYS2 interleaved (KEYS[2i] = KEYS1[i], KEYS[2i+1] = KEYS2[i]): one cache line per key pair in the hot loop. */
export const KEYS = new Int32Array(KEYS1.length * 2);
for (let i = 0; i < KEYS1.length; i++) {
  KEYS[2 * i] = KEYS1[i];
  KEYS[2 * i + 1] = KEYS2[i];
}
/** Keys for scalar features: base rank (index base+1) and the base constraint (index 32 + c + 1). */
export const MISC1 = makeKeys(0x7a7a7a7a, 64);
export const MISC2 = makeKeys(0x1b1b1b1b, 64);

/** murmur3 fmix32: a bijection on 32-bit integers with mix(0) = 0, so empty piles add nothing. */
export function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
