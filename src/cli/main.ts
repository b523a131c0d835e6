#!/usr/bin/env node
// The `solitaire` command line. Commands stay thin: each lives in its own file, exports
// `register(program)`, parses its arguments and calls the library.
//
// Exit status: 0 success (every solve verdict included); 1 verify found an illegal move or a
// replay that does not win; 2 bad input (usage, option value, variant, seed, card, deal, file),
// with exactly one line `solitaire: <problem>` on stderr and nothing on stdout; 3 internal error.
import { packageVersion } from '../analysis/manifest';
import { Command, CommanderError } from 'commander';
import { EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, UsageError, reportError, usageMessage } from './errors';
import { register as registerDeal } from './deal';
import { register as registerSolve } from './solve';
import { register as registerVariants } from './variants';
import { register as registerVerify } from './verify';
// (add command imports here, e.g.: import { registerAnalyze } from './analyze';)
import { registerAnalyze } from './analyze';
import { register as registerStrategies } from './strategies';
import { register as registerAdvise } from './advise';
import { register as registerMerge } from './merge';
import { register as registerChart } from './chart';
import { register as registerReport } from './report';

// ==== COMMANDS ====================================================================================
// To add a command: one import above and one line in this list. Order = order in --help.
const COMMANDS: ((program: Command) => void)[] = [
  registerVariants,
  registerDeal,
  registerSolve,
  registerVerify,
  registerAnalyze,
  registerMerge,
  registerStrategies,
  registerAdvise,
  registerChart,
  registerReport,
];
// ==================================================================================================

export function buildProgram(): Command {
  const program = new Command('solitaire');
  program
    .description(
      'Solver and analyser for the Signora family of patience games (Signora, Double Signora, Empress of Italy, Red and Black, Winery; FreeCell for reference)',
    )
    .version(packageVersion(), '-V, --version')
    .addHelpText('after', '\nRules of the games: docs/RULES.md. Deal, solution and CSV formats: docs/FORMATS.md.')
    .showSuggestionAfterError(true)
    // Commander's own usage errors are thrown (not exited) and reported by main() as one line.
    // Both settings are inherited by the commands registered below.
    .exitOverride()
    .configureOutput({ outputError: () => {} });
  for (const register of COMMANDS) register(program);
  return program;
}

/** `help <command>` with a command that does not exist: commander would print the general help. */
function checkHelpTopic(program: Command, args: string[]): void {
  if (args[0] !== 'help' || args[1] === undefined || args[1].startsWith('-')) return;
  const names = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  if (!names.includes(args[1])) throw new UsageError(`unknown command ${JSON.stringify(args[1])}: expected one of ${names.join(', ')}`);
}

/** Runs the command line; returns the exit status (commands may set process.exitCode too). */
export function main(argv: string[]): number {
  const program = buildProgram();
  try {
    checkHelpTopic(program, argv.slice(2));
    program.parse(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version "exit" with 0; help shown because no command was given exits 2.
      if (e.exitCode === 0) return EXIT_OK;
      if (e.code === 'commander.help') return EXIT_USAGE;
    }
    const msg = usageMessage(e);
    if (msg !== null) {
      reportError(msg);
      return EXIT_USAGE;
    }
    reportError(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    if (process.env.SOLITAIRE_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    return EXIT_INTERNAL;
  }
}

if (require.main === module) {
  // `solitaire ... | head` closes the pipe early: not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT_OK);
    throw err;
  });
  process.exitCode = main(process.argv);
}
