// Freecell Solver's -l lg preset as data: its threads' test orders (-to, -dto2), seeds and prelude,
// and the parser of its -to strings. soft.ts runs them.
/**
 * A group of tests, as in Freecell Solver's -to strings: a single test (kind PLAIN, tried alone:
 * the next one only when its moves are used up), tests in brackets (SHUFFLED: their moves shuffled
 * together) or in brackets followed by =asw(...) (WEIGHED: their moves stable-sorted by the cards
 * they send home, fewest first, which is what its weighting with the first weight alone does).
 */
export interface Group {
  tests: string;
  kind: number;
}
const PLAIN = 0;
export const SHUFFLED = 1;
export const WEIGHED = 2;

/** The groups of positions at depths below `until`. */
export interface Unit {
  until: number;
  groups: Group[];
}

/** A thread as Freecell Solver's options give it: -to, each -dto2 (depth, order), -seed. */
export interface ThreadSpec {
  name: string;
  to: string;
  dto?: [number, string][];
  seed?: number;
}

/** Parses a -to string ("01j234", "0[124]=asw(1)j[36]=asw(1)") into groups. */
export function parseOrder(to: string): Group[] {
  const out: Group[] = [];
  for (let i = 0; i < to.length;) {
    if (to[i] !== '[') {
      out.push({ tests: to[i++], kind: PLAIN });
      continue;
    }
    const j = to.indexOf(']', i);
    const tests = to.slice(i + 1, j);
    i = j + 1;
    let kind = SHUFFLED;
    if (to.startsWith('=asw(', i)) {
      kind = WEIGHED;
      i = to.indexOf(')', i) + 1;
    }
    out.push({ tests, kind });
  }
  return out;
}

const unitsOf = new WeakMap<ThreadSpec, Unit[]>();

export function units(spec: ThreadSpec): Unit[] {
  let u = unitsOf.get(spec);
  if (u) return u;
  const dto = spec.dto ?? [];
  u = [{ until: dto.length ? dto[0][0] : Infinity, groups: parseOrder(spec.to) }];
  dto.forEach(([, o], i) => u!.push({ until: i + 1 < dto.length ? dto[i + 1][0] : Infinity, groups: parseOrder(o) }));
  unitsOf.set(spec, u);
  return u;
}

/**
 * The random-DFS threads of Freecell Solver 5.0's -l lg (presets/looking-glass.sh), by its names.
 * "new" has =asw(3,20,10,0,1) in its second order, read here as =asw(1). Thread "20" has no -to:
 * Freecell Solver's default order for a random DFS, "[01][23456789]".
 */
export const LG: ThreadSpec[] = [
  { name: '24', to: '01j234', dto: [[33, '016[234j]=asw(1)']] },
  { name: '5', to: '0[124]=asw(1)j[36]=asw(1)', dto: [[55, '016[234j]=asw(1)']] },
  { name: '9', to: '0j26[34]', seed: 6 },
  {
    name: 'sI',
    to: '012j[35]',
    dto: [
      [9, '[012]j[468]'],
      [15, '[012346j8]=asw(1)'],
    ],
    seed: 10468,
  },
  { name: 'sF', to: '01[2345j]', dto: [[9, '012[456j]']], seed: 44250 },
  {
    name: 'sH',
    to: '[01][2345j]',
    dto: [
      [5, '[0123][456j]'],
      [13, '[0123456j]=asw(1)'],
    ],
    seed: 18296,
  },
  {
    name: 'sG',
    to: '[01][2345j]',
    dto: [
      [5, '[0123][456j]'],
      [13, '[0123456j]=asw(1)'],
    ],
    seed: 33627,
  },
  {
    name: '32',
    to: '0123456j',
    dto: [
      [13, '01[8j465]=asw(1)'],
      [26, '26[013458j]=asw(1)'],
    ],
  },
  { name: '12', to: '[01]=asw(1)[23456j89]=asw(1)' },
  {
    name: 'new',
    to: '0123',
    dto: [
      [6, '01[2435]=asw(1)'],
      [13, '[0123456j]=asw(1)'],
    ],
  },
  { name: 'sD', to: '[01][2345j]', dto: [[7, '[0123][456j]']], seed: 98361 },
  { name: '10', to: '[01][23456j89]', seed: 8 },
  { name: '20', to: '[01][23456789]', seed: 105 },
  { name: 'sB', to: '[01][2345j]', dto: [[8, '[0123][456j]']], seed: 38693 },
];

/** lg's prelude (nodes@thread), less the turns of its A* thread "11"; then turns of STEP nodes. */
export const LG_PRELUDE: [number, string][] = [
  [245, '24'],
  [230, '5'],
  [280, '9'],
  [412, 'sI'],
  [400, 'sF'],
  [490, 'sH'],
  [428, 'sG'],
  [760, '32'],
  [380, '12'],
  [281, '24'],
  [380, '10'],
  [76, '5'],
  [200, 'new'],
  [225, 'sD'],
  [266, 'sB'],
  [380, '24'],
  [760, '20'],
  [760, '24'],
];
export const STEP = 500;
