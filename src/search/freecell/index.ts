// Room src/search/freecell: the reference-variant machinery, for Winery and FreeCell only (FreeCell's
// rules: one deck, suit foundations, single-card moves, cells). After Freecell Solver (fc-solve):
// - supermove.ts: a run moved as one step where cells and empty piles could carry it, and the
//   expansion of a solution back into single-card moves (src/solver/solve.ts replays every
//   solution so);
// - meta.ts: meta-moves (clear some cards, then one purposeful move), played and generated;
// - metadfs.ts: the meta-move DFS ("dfs-meta");
// - soft.ts, lg.ts, fcorder.ts: the soft threads ("soft-threads"), fc-solve's -l lg preset.
// What it may import: src/proof, src/engine, src/rules, src/cards and the rest of src/search (order,
// restart, search, core/tt), never src/solver. Who may import it: src/solver alone (registry.ts
// registers its searches), through this file (eslint.config.mjs enforces both), and its tests.
// Nobody working on the Terrace family or Red and Black needs to open it.
export { MetaDfs } from './metadfs';
export { metaMovesApply } from './meta';
export { SoftThreads } from './soft';
export { addSupermoves, expandSupermoves, supermovesApply } from './supermove';
