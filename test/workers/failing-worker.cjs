// A test worker for the analysis pool: the real compiled worker, except that the task's first
// search of seed SOLITAIRE_TEST_FAIL_SEED fails, by an exception ('throw') or by the thread dying
// ('exit'), as SOLITAIRE_TEST_FAIL_HOW says. It announces the search first, as the real worker does,
// so the pool has a culprit to report. Used by test/analysis.test.ts through runAnalysis's workerFile.
'use strict';
const path = require('path');
const dist = path.join(__dirname, '..', '..', 'dist', 'src');
const real = require(path.join(dist, 'analysis', 'worker.js')).default;
const { baseLabel } = require(path.join(dist, 'records', 'records.js'));

const failSeed = Number(process.env.SOLITAIRE_TEST_FAIL_SEED);
const how = process.env.SOLITAIRE_TEST_FAIL_HOW;

module.exports = function failingBatch(task) {
  const at = task.items.findIndex((it) => it.seed === failSeed);
  if (at < 0) return real(task);
  const before = task.items.slice(0, at);
  const culprit = task.items[at];
  // Search the seeds ahead of the culprit for real, then announce the culprit and fail.
  const done = before.length ? real({ ...task, items: before }).searched : 0;
  task.port.postMessage({ kind: 'start', seed: failSeed, base: baseLabel(culprit.bases[0]) });
  if (how === 'exit') process.exit(3);
  throw new Error(`test failure injected at seed ${failSeed} (after ${done} searches)`);
};
