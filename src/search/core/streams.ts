// The searches' salts (table keys and random seeds), one per search of a solve, and the random
// streams of SolveOptions.stream: stream n gives the search made i-th the salt of the one
// STREAM_SPAN * n places later, so the searches that draw random choices (the random and probing
// DFS, the restarts' noise, the nested Monte Carlo search) draw others and the rest search as
// before. A won or lost holds whatever the stream; whether a budget is enough may not.

/**
 * Searches apart between streams: more than any named policy makes (the most is portfolio's 13
 * groups of 5). A '+' list of 8 or more names with a free base makes more, and then shares some
 * salts with the next stream.
 */
export const STREAM_SPAN = 100;
/** The last stream before the salts (32-bit) come round to stream 0's again. */
export const MAX_STREAM = Math.floor(2 ** 32 / STREAM_SPAN) - 1;

/** The salt of the i-th search made (from 0) on `stream`; apart from every other stream's while i < STREAM_SPAN. */
export function searchSalt(i: number, stream: number): number {
  return Math.imul(i + 1 + STREAM_SPAN * stream, 0x9e3779b9) | 0;
}

/** Throws unless `stream` is a whole number from 0 to MAX_STREAM. */
export function checkStream(stream: number): void {
  if (!Number.isSafeInteger(stream) || stream < 0 || stream > MAX_STREAM)
    throw new Error(`stream must be a whole number from 0 to ${MAX_STREAM}, not ${stream}`);
}
