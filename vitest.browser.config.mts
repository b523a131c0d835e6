import { defineConfig } from 'vitest/config';

// `npm run test:browser`: the HTML report in a real browser, headless Chromium (the executable at
// $CHROMIUM, else Debian's /usr/bin/chromium). Not part of `npm test` (whose include, test/**/*.test.ts,
// does not match these files): it needs the browser installed, which .ci/run does as root.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
