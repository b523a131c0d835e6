// ESLint (flat config): the recommended JavaScript and typescript-eslint rules over src, bench and
// test. Formatting is Prettier's (.prettierrc.json); `npm run lint` runs both checks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'results/**', 'src/analysis/learned-model.ts'] },
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
);
