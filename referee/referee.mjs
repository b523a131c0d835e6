#!/usr/bin/env node
// The referee: a second program that checks the solver's claims from docs/RULES.md alone. It shares
// no code with src/ (test/referee.test.ts checks its imports) and needs nothing but Node.
//
//   node referee/referee.mjs DEAL.json SOLUTION.json        one deal, one or more solutions
//   node referee/referee.mjs --deals DEALS.jsonl CLAIMS...  many: solutions (JSON, JSON Lines) or
//                                                           an analysis CSV (docs/FORMATS.md)
//
// A `won` is replayed move by move (rules.mjs), and must end with every card home and the base it
// names. A `lost` is proved again by the referee's own exhaustive search, cutting only with its
// own versions of the deadlock tests the proof names (proofs.mjs). Exit 0: every claim that can be
// checked holds; 1: some claim is refuted; 3: some lost claim could not be proved within
// --max-nodes (none refuted); 2: bad input (a claim about another deal among them); 4: a bug.
import { readFileSync } from 'node:fs';
import { DealError, RANKS, cardsHome, isWon, moveError, play, readDeal } from './rules.mjs';
import { KNOWN_TESTS, searchForWin } from './proofs.mjs';

const USAGE = `usage: node referee/referee.mjs DEAL.json SOLUTION.json [options]
       node referee/referee.mjs --deals DEALS.jsonl CLAIMS... [options]

Checks the solver's claims with a second reading of docs/RULES.md that shares no code with it:
replays every won solution, and proves every lost one again by its own exhaustive search, cutting
only with its own versions of the deadlock tests the proof names (reserve, waste, order).

  DEAL.json        a deal (solitaire deal V --seed N --json)
  SOLUTION.json    solve --json output: one solution, or JSON Lines (solve --base all --json)
  --deals FILE     deals as JSON Lines (solitaire deal V --seeds A-B --json), matched to each claim
                   by variant and seed
  CLAIMS           solution files, or analysis CSVs (analyze's <variant>-deals.csv: their lost rows
                   are checked; won rows carry no moves, so they are counted as not checkable)
  --max-nodes N    positions a lost claim's search may visit (default 2000000)
  --list           print every claim's line (default: the refuted and open ones and a summary;
                   every claim when there are 20 or fewer)
A claim must be about the deal it is checked against (variant, seed or Microsoft number, FreeCell's
cells), and a position given as a deal must be one the game can reach (runs, foundations built by
the rules, no pile left empty that the stock or waste would fill). An analysis CSV row whose
dealing column says ms numbers a Microsoft deal (analyze freecell --ms-deals): give its deals
from solitaire deal freecell --ms N --json (CSVs written before that column hold seeds only).
Exit status: 0 every checkable claim holds, 1 a claim is refuted, 3 a lost claim is open at
--max-nodes (none refuted), 2 bad input, 4 an internal error.`;

class InputError extends Error {}
/** A claim that cannot be about the deal it was given, or is not a claim: bad input, exit 2. */
export class ClaimError extends Error {}

function parseArgs(argv) {
  const opts = { deals: null, maxNodes: 2_000_000, list: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (a === '--deals') opts.deals = argv[++i];
    else if (a === '--max-nodes') opts.maxNodes = Number(argv[++i]);
    else if (a === '--list') opts.list = true;
    else if (a.startsWith('-')) throw new InputError(`unknown option ${a}`);
    else opts.files.push(a);
  }
  if (!Number.isInteger(opts.maxNodes) || opts.maxNodes < 1) throw new InputError('--max-nodes takes a whole number above 0');
  if (opts.deals === undefined) throw new InputError('--deals takes a file');
  if (opts.deals === null ? opts.files.length !== 2 : opts.files.length === 0)
    throw new InputError(`expected ${opts.deals === null ? 'DEAL.json SOLUTION.json' : 'claim files after --deals'} (--help)`);
  return opts;
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${e.code ?? e.message}`);
  }
}

/** One JSON object, or JSON Lines. */
function readJsonObjects(file) {
  const text = readText(file).trim();
  try {
    return text.startsWith('{') && !text.includes('\n{')
      ? [JSON.parse(text)]
      : text
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l));
  } catch (e) {
    throw new InputError(`${file}: not JSON or JSON Lines (${e.message})`);
  }
}

/** A CSV line's fields (quoted fields may hold commas and doubled quotes). */
function csvFields(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') cur += line[++i];
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Claims of a file: solutions as they are, or an analysis CSV's rows as claims without moves. */
function readClaims(file) {
  const text = readText(file);
  if (!text.startsWith('variant,seed,base,result')) return readJsonObjects(file);
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const names = csvFields(header);
  return rows.map((line) => {
    const row = Object.fromEntries(csvFields(line).map((v, i) => [names[i], v]));
    // The dealing column says whether the seed column numbers Microsoft's deals (analyze --ms-deals).
    const ms = row.dealing === 'ms';
    return {
      variant: row.variant,
      ...(ms ? { ms: Number(row.seed) } : { seed: Number(row.seed) }),
      base: row.base === 'any' ? undefined : row.base,
      result: row.result,
      proof: row.proof || undefined,
      cells: row.cells,
    };
  });
}

/** `signora 17 base 7` */
function describe(claim) {
  const id = claim.ms !== undefined ? `ms ${claim.ms}` : claim.seed !== undefined ? `seed ${claim.seed}` : 'deal';
  return `${claim.variant} ${id}${claim.base !== undefined ? ` base ${claim.base}` : ''}`;
}

/** Checks one claim against its deal: { status: confirmed | refuted | open | unchecked, text }; throws ClaimError. */
export function checkClaim(dealJson, claim, maxNodes = 2_000_000) {
  const start = readDeal(dealJson);
  const base = claimedBase(start, dealJson, claim);
  if (claim.result === 'won') return claim.moves ? checkWon(start, claim.moves, base) : { status: 'unchecked', text: 'won, but no moves to replay' };
  if (claim.result === 'lost') return checkLost(start, claim.proof, base, maxNodes);
  return { status: 'unchecked', text: 'unknown: nothing to check' };
}

/** The claim's base rank (1-13) or null, once the claim is known to be about this deal; throws ClaimError. */
function claimedBase(start, dealJson, claim) {
  const differs = (a, b) => a !== undefined && a !== null && a !== '' && b !== undefined && String(a).toLowerCase() !== String(b).toLowerCase();
  if (differs(claim.variant, start.variant)) throw new ClaimError(`the claim is about ${claim.variant}, the deal is ${start.variant}`);
  for (const id of ['seed', 'ms'])
    if (differs(claim[id], dealJson[id])) throw new ClaimError(`the claim is about ${id} ${claim[id]}, the deal is ${id} ${dealJson[id]}`);
  if (differs(claim.cells, start.cells.length)) throw new ClaimError(`the claim is for ${claim.cells} cells, the deal has ${start.cells.length}`);
  if (!['won', 'lost', 'unknown'].includes(claim.result)) throw new ClaimError(`result ${JSON.stringify(claim.result)} is not won, lost or unknown`);
  if (claim.base === undefined) return null;
  const base = RANKS.indexOf(String(claim.base).toUpperCase()) + 1;
  if (String(claim.base).length !== 1 || base === 0 || start.game.build !== 'terrace')
    throw new ClaimError(`base ${JSON.stringify(claim.base)} is not a base rank of ${start.variant}`);
  if (start.base !== null && start.base !== base)
    throw new ClaimError(`the claim is for base ${claim.base}, the position's foundations start at ${RANKS[start.base - 1]}`);
  return base;
}

function checkWon(start, moves, base) {
  let pos = start;
  for (let i = 0; i < moves.length; i++) {
    const err = moveError(pos, moves[i]);
    if (err) return { status: 'refuted', text: `move ${i + 1} (${moves[i].from} -> ${moves[i].to}) is illegal: ${err}` };
    pos = play(pos, moves[i]);
  }
  if (!isWon(pos)) return { status: 'refuted', text: `the ${moves.length} moves end with ${cardsHome(pos)} cards home, not all` };
  if (base !== null && pos.base !== base) return { status: 'refuted', text: `won, but with base ${RANKS[pos.base - 1]}, not ${RANKS[base - 1]}` };
  return { status: 'confirmed', text: `won: ${moves.length} moves replayed` };
}

function checkLost(start, proof, base, maxNodes) {
  const m = /^exhaustive(?:\+deadlock:([a-z,]+))?$/.exec(proof ?? '');
  if (!m)
    return { status: 'refuted', text: `lost, but the proof ${JSON.stringify(proof)} is not one the referee knows (exhaustive, exhaustive+deadlock:TESTS)` };
  const named = m[1] ? m[1].split(',') : [];
  const tests = named.filter((t) => KNOWN_TESTS.includes(t));
  const r = searchForWin(start, { base, tests, maxNodes });
  const cut = tests.length ? `, ${tests.map((t) => `${r.cuts[t]} cut by ${t}`).join(', ')}` : '';
  const skipped = named.length > tests.length ? ` (the referee has no ${named.filter((t) => !tests.includes(t)).join(', ')} test; searched without it)` : '';
  if (r.verdict === 'lost') return { status: 'confirmed', text: `lost: no win among ${r.nodes} positions${cut}${skipped}` };
  if (r.verdict === 'won') return { status: 'refuted', text: `lost, but the referee wins it in ${r.moves.length} moves: ${lineText(r.moves)}` };
  return { status: 'open', text: `lost: not proved within ${maxNodes} positions${cut}${skipped}` };
}

/** The first moves of a line, `t3-f0 stock-waste ...`, and how many more. */
function lineText(moves, shown = 40) {
  const text = moves.slice(0, shown).map((mv) => `${mv.from}-${mv.to}${mv.count > 1 ? `x${mv.count}` : ''}`);
  return moves.length > shown ? `${text.join(' ')} ... (${moves.length - shown} more)` : text.join(' ');
}

/** A deal's or claim's key in --deals: variant and seed (or Microsoft number), and FreeCell's cells. */
function dealKey(x, cells) {
  const v = String(x.variant).toLowerCase();
  return `${v}/${x.seed ?? `ms${x.ms}`}${v === 'freecell' ? `/${cells}` : ''}`;
}

function main(argv) {
  const opts = parseArgs(argv);
  const jobs = [];
  if (opts.deals === null) {
    const deals = readJsonObjects(opts.files[0]);
    if (deals.length !== 1) throw new InputError(`${opts.files[0]} holds ${deals.length} deals, not one (several: --deals)`);
    for (const claim of readJsonObjects(opts.files[1])) jobs.push([deals[0], claim]);
  } else {
    const deals = new Map();
    for (const d of readJsonObjects(opts.deals)) deals.set(dealKey(d, Array.isArray(d.cells) ? d.cells.length : 4), d);
    for (const file of opts.files)
      for (const claim of readClaims(file)) {
        const deal = deals.get(dealKey(claim, claim.cells ?? 4));
        if (!deal) throw new InputError(`${file}: no deal for ${describe(claim)} in ${opts.deals}`);
        jobs.push([deal, claim]);
      }
  }
  if (jobs.length === 0) throw new InputError('no claims to check');
  const counts = { confirmed: 0, refuted: 0, open: 0, unchecked: 0 };
  for (const [deal, claim] of jobs) {
    let r;
    try {
      r = checkClaim(deal, claim, opts.maxNodes);
    } catch (e) {
      if (e instanceof DealError || e instanceof ClaimError) throw new InputError(`${describe(claim)}: ${e.message}`);
      throw e;
    }
    counts[r.status]++;
    if (opts.list || r.status === 'refuted' || r.status === 'open' || jobs.length <= 20) console.log(`${describe(claim)}: ${r.status}, ${r.text}`);
  }
  console.log(
    `${jobs.length} claim${jobs.length === 1 ? '' : 's'}: ${counts.confirmed} confirmed, ${counts.refuted} refuted, ${counts.open} open at --max-nodes ${opts.maxNodes}, ${counts.unchecked} with nothing to check`,
  );
  return counts.refuted > 0 ? 1 : counts.open > 0 ? 3 : 0;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('referee.mjs')) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    // Bad input: one line, exit 2. Anything else is the referee's own bug: its stack, exit 4.
    console.error(e instanceof InputError ? `referee: ${e.message}` : `referee: internal error: ${e.stack}`);
    process.exitCode = e instanceof InputError ? 2 : 4;
  }
}
