import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test` runs the fast suites: every room's unit and property tests, the command line through
// its examples and smoke tests. `npm run test:full` runs the slow ones below (SOLITAIRE_TESTS=slow):
// soundness against exhaustive search, the referee, every bad input as a process, the kill
// harness, the policy's endgames. CI runs both.
const SLOW = [
  'test/deadlock.test.ts',
  'test/referee.test.ts',
  'test/bad-input.test.ts',
  'test/kill-resume.test.ts',
  'test/search-policy.test.ts',
  'test/cli-usability.test.ts',
  'test/run-folder.test.ts',
  'test/marks.test.ts',
];

export default defineConfig({
  test: {
    include: process.env.SOLITAIRE_TESTS === 'slow' ? SLOW : ['test/**/*.test.ts'],
    exclude: process.env.SOLITAIRE_TESTS === 'slow' ? [] : [...SLOW, '**/node_modules/**'],
    // One test file per core (vitest's default leaves one core free, which on 2 cores runs the files one by one).
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
