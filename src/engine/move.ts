// The move format, in one place. A move is one integer: from | to << 8 | count << 16, with pile
// indices as in state.ts (tableau, foundations, cells, reserve, stock, waste) and count the number
// of cards moved (1 except for Red and Black's runs).

export function encodeMove(from: number, to: number, count: number): number {
  return from | (to << 8) | (count << 16);
}
export function moveFrom(m: number): number {
  return m & 0xff;
}
export function moveTo(m: number): number {
  return (m >>> 8) & 0xff;
}
export function moveCount(m: number): number {
  return (m >>> 16) & 0xff;
}

/**
 * Most moves one position can have, with room to spare: at most 34 piles, each top (or run of up
 * to 26 cards) to every other pile, is under 34 x 34 x 2. Every move buffer is sized from this.
 */
export const MAX_MOVES = 2048;
