// Errors of the command line. A UsageError is the user's fault (bad variant, seed, option, file):
// `solitaire: <problem>` on stderr, one line, exit status 2. Library errors that mean bad input are
// mapped to the same; anything else is an internal error.
import { CommanderError } from 'commander';
import { DealError } from '../engine/deal';
import { SolutionError } from '../records/solution';
import { RuleError } from '../rules/variants';

export const EXIT_OK = 0;
/** verify: an illegal move, or a legal replay that does not win. */
export const EXIT_FAILED = 1;
/** Bad input: usage, options, files, deals. */
export const EXIT_USAGE = 2;
/** A bug: an exception nobody expected. */
export const EXIT_INTERNAL = 3;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * One line: line breaks and the spaces around them collapsed (commander's suggestions come on a
 * second line); other control characters (from a binary file quoted in a message) shown as `?`.
 */
export function oneLine(text: string): string {
  return (
    text
      .replace(/\s*[\n\r]\s*/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are what this replaces
      .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '?')
      .trim()
  );
}

/** The user-facing message of an error that means bad input, or null when it is not one. */
export function usageMessage(e: unknown): string | null {
  if (e instanceof UsageError || e instanceof RuleError || e instanceof DealError || e instanceof SolutionError) return oneLine(e.message);
  if (e instanceof CommanderError) return oneLine(e.message.replace(/^error:\s*/, ''));
  // A command that declares its own `class UsageError extends Error` (rather than importing this
  // one) is still a usage error.
  if (e instanceof Error && e.constructor?.name === 'UsageError') return oneLine(e.message);
  return null;
}

/** Writes `solitaire: <message>` to stderr as a single line. */
export function reportError(message: string): void {
  process.stderr.write(`solitaire: ${oneLine(message)}\n`);
}

/**
 * Finishes a command whose work goes on after main() returned (main uses parse(), not
 * parseAsync()): `done` on success; otherwise one `solitaire: ...` line and exit status 2 when
 * `badInput(e)` (or the error is a usage error), 3 for anything else.
 */
export function settle<T>(work: Promise<T>, done: (value: T) => void, badInput: (e: unknown) => boolean): void {
  work.then(done).catch((e: unknown) => {
    const msg = badInput(e) ? oneLine((e as Error).message) : usageMessage(e);
    if (msg !== null) {
      reportError(msg);
      process.exitCode = EXIT_USAGE;
      return;
    }
    reportError(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    if (process.env.SOLITAIRE_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    process.exitCode = EXIT_INTERNAL;
  });
}
