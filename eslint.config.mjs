// ESLint (flat config): the recommended JavaScript and typescript-eslint rules over src, bench and
// test, and the referee. Formatting is Prettier's (.prettierrc.json); `npm run lint` runs both checks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The rooms of src and the direction of their imports (docs/architecture.md):
// cli -> {analysis, strategy} -> records -> solver -> search -> proof -> engine -> rules -> cards;
// a room may import any room of a layer below its own and none of its own layer or above:
// src/analysis (running an analysis) and src/strategy (the base-card science) never import each
// other, src/cli joins them. Inside the rooms: src/search/freecell (Winery's and FreeCell's
// searches) is reached from src/solver alone, through its index, and the other searches never
// import it; src/search/core (table, memory, states, streams) and src/search/order (move order)
// import nothing else of src/search.
// Enforced with no-restricted-imports, one entry per folder of src (in flat config a later entry's
// options replace an earlier one's, so no file is in two entries). bench and test may import any.
// No import circle anywhere in src: test/architecture.test.ts.
const LAYERS = [['cards'], ['rules'], ['engine'], ['proof'], ['search'], ['solver'], ['records'], ['analysis', 'strategy'], ['cli']];
const ORDER = 'cli -> {analysis, strategy} -> records -> solver -> search -> proof -> engine -> rules -> cards';
/**
 * The rooms `room` may not import (those above it, and the others of its layer), as a pattern over
 * relative import paths ('../engine/x', '../../cli/y').
 */
function above(room) {
  const layer = LAYERS.findIndex((l) => l.includes(room));
  const up = [...LAYERS[layer].filter((r) => r !== room), ...LAYERS.slice(layer + 1).flat()];
  return {
    regex: `^(\\.\\./)+(${up.join('|')})(/|$)`,
    message: `src/${room} may not import src/${up.join(', src/')}: imports go ${ORDER} (docs/architecture.md).`,
  };
}
const FREECELL_FROM_SOLVER_ONLY = {
  regex: '^(\\./|(\\.\\./)+)freecell(/|$)',
  message: 'src/search/freecell is reached from src/solver alone (registry.ts registers its searches): the searches every game uses never import it.',
};
const FREECELL_THROUGH_INDEX = {
  regex: '^\\.\\./search/freecell/',
  message: 'src/solver imports src/search/freecell through its index (../search/freecell).',
};
const FREECELL_NOT_ABOVE_SOLVER = {
  regex: '^(\\.\\./)+search/freecell(/|$)',
  message: 'src/search/freecell is reached from src/solver alone: the rooms above it go through solve() and the registry.',
};
const SHARED_MACHINERY_ALONE = {
  regex: '^\\.\\./(?!\\.\\./)',
  message: 'src/search/core and src/search/order are the searches\' shared machinery: they import nothing else of src/search.',
};
const roomRules = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const rooms = [
  roomRules(['src/cards/**/*.ts'], [above('cards')]),
  roomRules(['src/rules/**/*.ts'], [above('rules')]),
  roomRules(['src/engine/**/*.ts'], [above('engine')]),
  roomRules(['src/proof/**/*.ts'], [above('proof')]),
  roomRules(['src/search/**/*.ts'], [above('search'), FREECELL_FROM_SOLVER_ONLY], ['src/search/freecell/**', 'src/search/core/**', 'src/search/order/**']),
  roomRules(['src/search/freecell/**/*.ts'], [above('search')]),
  roomRules(['src/search/core/**/*.ts', 'src/search/order/**/*.ts'], [above('search'), SHARED_MACHINERY_ALONE]),
  roomRules(['src/solver/**/*.ts'], [above('solver'), FREECELL_THROUGH_INDEX]),
  roomRules(['src/records/**/*.ts'], [above('records'), FREECELL_NOT_ABOVE_SOLVER]),
  roomRules(['src/analysis/**/*.ts'], [above('analysis'), FREECELL_NOT_ABOVE_SOLVER]),
  roomRules(['src/strategy/**/*.ts'], [above('strategy'), FREECELL_NOT_ABOVE_SOLVER]),
  roomRules(['src/cli/**/*.ts'], [FREECELL_NOT_ABOVE_SOLVER]), // the top room: any room below, but not inside the solver's searches
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'results/**', 'src/strategy/learned-model.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // Unused names are the type checker's job (tsconfig.check.json: noUnusedLocals/Parameters).
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // Plain CommonJS test workers, loaded by piscina next to the compiled worker (test/workers).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The referee: a plain Node program (ES modules) beside the solver, sharing no code with it.
    files: ['referee/**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
  },
  ...rooms,
);
