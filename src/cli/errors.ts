// Errors of the command line. A UsageError is the user's fault (bad variant, seed, option, file):
// `solitaire: <problem>` on stderr, one line, exit status 2. Library errors that mean bad input are
// mapped to the same; anything else is an internal error.
import { CommanderError } from 'commander';
import { DealError } from '../engine/deal';
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
  return text.replace(/\s*[\n\r]\s*/g, ' ').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '?').trim();
}

/** The user-facing message of an error that means bad input, or null when it is not one. */
export function usageMessage(e: unknown): string | null {
  if (e instanceof UsageError || e instanceof RuleError || e instanceof DealError) return oneLine(e.message);
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
