// Kill points for the stop-and-resume tests (test/kill.test.ts): a run told by the environment
// variable SOLITAIRE_KILL_AT="POINT SIGNAL" (e.g. "row:5 SIGKILL", "summary SIGTERM") sends itself
// that signal when it reaches the named point, so a test can stop it at an exact place in its
// work. Without the variable, killPoint does nothing.

const spec = process.env.SOLITAIRE_KILL_AT?.trim().split(/\s+/) ?? null;

/** Sends this process the signal named by SOLITAIRE_KILL_AT when `point` is the point it names. */
export function killPoint(point: string): void {
  if (spec && spec[0] === point) process.kill(process.pid, (spec[1] ?? 'SIGKILL') as NodeJS.Signals);
}
