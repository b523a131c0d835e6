// Moves as FORMATS.md JSON and as readable text, and a textual layout of a position.
import { cardName, rankName } from '../cards/card';
import type { MoveSpec } from './legality';
import { moveCount, moveFrom, moveTo } from './move';
import type { GameState } from './state';

/** Move m as a FORMATS.md spec, its piles named as on state s. */
export function moveToSpec(s: GameState, m: number): MoveSpec {
  return specOf(s.allPileNames(), m);
}

/** moveToSpec with the pile names given (GameState.allPileNames(): they depend on the layout only). */
export function specOf(names: readonly string[], m: number): MoveSpec {
  const spec: MoveSpec = { from: names[moveFrom(m)] ?? `pile ${moveFrom(m)}`, to: names[moveTo(m)] ?? `pile ${moveTo(m)}` };
  const n = moveCount(m);
  if (n !== 1) spec.count = n;
  return spec;
}

/** `7H t3 → f2` (call before applying the move: it names the card that moves). */
export function describeMove(s: GameState, m: number): string {
  const from = moveFrom(m);
  const n = moveCount(m);
  const card = s.pile(from)[s.len[from] - n];
  const what = n > 1 ? `${cardName(card)}+${n - 1}` : cardName(card);
  return `${what} ${s.pileName(from)} → ${s.pileName(moveTo(m))}`;
}

/** A readable layout: one line per pile, bottom to top, labelled as in FORMATS.md. */
export function formatPosition(s: GameState): string {
  const lines: string[] = [];
  const names = (p: number) => s.pile(p).map(cardName).join(' ');
  const r = s.rules;
  lines.push(`${r.title}${s.base >= 0 && r.terraceFamily ? ` (base ${rankName(s.base)})` : ''}`);
  for (let f = s.FOUND0; f < s.CELL0; f++) if (s.len[f] > 0 || f === s.FOUND0) lines.push(`  ${s.pileName(f).padEnd(8)}${names(f) || '-'}`);
  const emptyF = Array.from({ length: s.F }, (_, i) => s.FOUND0 + i).filter((f) => s.len[f] === 0).length;
  if (emptyF > 0 && s.len[s.FOUND0] > 0) lines.push(`  (${emptyF} empty foundations)`);
  else if (emptyF > 1) lines.push(`  (f0-f${s.F - 1} empty)`);
  for (let c = s.CELL0; c < s.RESERVE; c++) lines.push(`  ${s.pileName(c).padEnd(8)}${names(c) || '-'}`);
  for (let p = 0; p < s.T; p++) lines.push(`  ${s.pileName(p).padEnd(8)}${names(p) || '-'}`);
  if (r.reserveSize > 0) lines.push(`  reserve ${names(s.RESERVE) || '-'}   (top: last)`);
  if (r.hasStock) {
    lines.push(`  waste   ${names(s.WASTE) || '-'}`);
    lines.push(`  stock   ${s.len[s.STOCK]} cards, next: ${s.len[s.STOCK] ? cardName(s.top(s.STOCK)) : '-'}`);
  }
  return lines.join('\n');
}
