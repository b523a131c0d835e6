// ESLint (flat config): the recommended JavaScript and typescript-eslint rules over src, bench and
// test, and the referee. Formatting is Prettier's (.prettierrc.json); `npm run lint` runs both checks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The rooms of src and the direction of their imports (docs/architecture.md):
// cli -> {analysis, strategy} -> records -> solver -> engine -> rules -> cards; a room may import
// any room of a layer below its own and none of its own layer or above: src/analysis (running an
// analysis) and src/strategy (the base-card science) never import each other, src/cli joins them.
// src/solver/freecell (Winery's and FreeCell's searches) is imported by src/solver/solve.ts alone,
// through its index, and never imports solve.ts or policy.ts back.
// Enforced with no-restricted-imports, one entry per folder (in flat config a later entry's
// options replace an earlier one's, so no file is in two entries). bench and test may import any.
const LAYERS = [['cards'], ['rules'], ['engine'], ['solver'], ['records'], ['analysis', 'strategy'], ['cli']];
const ORDER = 'cli -> {analysis, strategy} -> records -> solver -> engine -> rules -> cards';
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
const FREECELL_ONLY_FROM_SOLVE = {
  regex: '^\\./freecell(/|$)',
  message: 'src/solver/freecell is imported by src/solver/solve.ts alone (it registers its searches in SEARCHES).',
};
const roomRules = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const rooms = [
  roomRules(['src/cards/**/*.ts'], [above('cards')]),
  roomRules(['src/rules/**/*.ts'], [above('rules')]),
  roomRules(['src/engine/**/*.ts'], [above('engine')]),
  roomRules(['src/solver/**/*.ts'], [above('solver'), FREECELL_ONLY_FROM_SOLVE], ['src/solver/solve.ts', 'src/solver/freecell/**']),
  roomRules(
    ['src/solver/solve.ts'],
    [above('solver'), { regex: '^\\./freecell/', message: 'solve.ts imports src/solver/freecell through its index (./freecell).' }],
  ),
  roomRules(
    ['src/solver/freecell/**/*.ts'],
    [above('solver'), { regex: '^\\.\\./(solve|policy)$', message: 'src/solver/freecell may import the solver core, never solve.ts or policy.ts.' }],
  ),
  roomRules(['src/records/**/*.ts'], [above('records')]),
  roomRules(['src/analysis/**/*.ts'], [above('analysis')]),
  roomRules(['src/strategy/**/*.ts'], [above('strategy')]),
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
