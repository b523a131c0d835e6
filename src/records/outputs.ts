// The output directory of an analysis (or of `strategies`), checked before anything is written: a
// run that could not write one of its files is refused (OutputError) before it creates or changes
// any of them.
import * as fs from 'fs';
import * as path from 'path';
import { dealFile, strategiesFile, summaryFile } from './records';

export class OutputError extends Error {}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'a read-only file system',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a parent is not a directory',
  EEXIST: 'a file of that name exists',
  ENOSPC: 'no space left',
};

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code && REASONS[code]) || (e as Error).message;
}

function statOrNull(p: string): fs.Stats | null {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}

function checkWritable(p: string, what: string): void {
  try {
    fs.accessSync(p, fs.constants.W_OK);
  } catch (e) {
    throw new OutputError(`cannot write ${what} ${p}: ${reason(e)}`);
  }
}

/** The files an analysis of these variants may write or remove in `outDir`. */
export function outputFiles(outDir: string, variants: string[]): string[] {
  return [...variants.flatMap((v) => [dealFile(outDir, v), summaryFile(outDir, v)]), strategiesFile(outDir)];
}

/**
 * Checks that `outDir` is, or can be made, a directory, and that each of `files` (in it) that
 * exists is a regular file this process may write. Throws OutputError; changes nothing.
 */
export function checkOutputs(outDir: string, files: string[]): void {
  if (outDir === '') throw new OutputError('--out is empty: give a directory');
  const st = statOrNull(outDir);
  if (st === null) {
    checkCreatable(outDir);
    return;
  }
  if (!st.isDirectory()) throw new OutputError(`--out ${outDir} is not a directory`);
  checkWritable(outDir, 'in directory');
  for (const f of files) {
    const fst = statOrNull(f);
    if (fst === null) continue;
    if (!fst.isFile()) throw new OutputError(`${f} is ${fst.isDirectory() ? 'a directory' : 'not a regular file'}: cannot write results there`);
    checkWritable(f, 'file');
  }
}

/** A missing `outDir`: its nearest existing ancestor must be a directory this process may write. */
function checkCreatable(outDir: string): void {
  let p = path.resolve(outDir);
  let st = statOrNull(p);
  while (st === null && path.dirname(p) !== p) {
    p = path.dirname(p);
    st = statOrNull(p);
  }
  if (st === null || !st.isDirectory()) throw new OutputError(`cannot create --out ${outDir}: ${p} is not a directory`);
  try {
    fs.accessSync(p, fs.constants.W_OK);
  } catch (e) {
    throw new OutputError(`cannot create --out ${outDir}: ${reason(e)} in ${p}`);
  }
}

/**
 * Creates `outDir` and its missing parents one level at a time (a recursive mkdir under /proc
 * never returns on Node 20), then makes sure a file can be created in it (permission bits do not
 * stop root, but /proc and /sys do). On failure removes what it created and throws OutputError.
 *
 * Shards of one run start together (a Slurm array, GNU parallel) and create the same parents at
 * once: a directory that another process made between our look and our mkdir is success, not an
 * error (only a directory: EEXIST for a file is still refused). `beforeMkdir` is for tests, which
 * make the directory appear at that moment.
 */
export function prepareOutDir(outDir: string, beforeMkdir?: (dir: string) => void): void {
  const missing: string[] = [];
  for (let p = path.resolve(outDir); statOrNull(p) === null && path.dirname(p) !== p; p = path.dirname(p)) missing.unshift(p);
  const made: string[] = [];
  let created = 0;
  try {
    for (const p of missing) {
      beforeMkdir?.(p);
      if (mkdirOrExisting(p)) made.push(p);
      created++;
    }
    probe(outDir);
  } catch (e) {
    // Another process may be filling a parent we made: leave what is not empty.
    for (const p of made.reverse()) {
      try {
        fs.rmdirSync(p);
      } catch {
        break;
      }
    }
    throw new OutputError(`cannot ${created < missing.length ? 'create --out' : 'write in directory'} ${outDir}: ${reason(e)}`);
  }
}

/** mkdir `p`: true when this call made it, false when a directory of that name already exists (made by a concurrent process). */
function mkdirOrExisting(p: string): boolean {
  try {
    fs.mkdirSync(p);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statOrNull(p)?.isDirectory()) return false;
    throw e;
  }
}

/** Creates and removes an empty file in `dir`. */
function probe(dir: string): void {
  const file = path.join(dir, `.solitaire-probe-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  fs.closeSync(fs.openSync(file, 'wx'));
  fs.unlinkSync(file);
}

/**
 * The rows (lines after the header) of a per-deal file: 0 when it is missing, empty or holds only
 * its header. A run that would replace them is refused unless told to (issue 29: a rerun without
 * --resume threw away hours of rows without a word).
 */
export function heldRows(file: string): number {
  let text: string;
  try {
    text = fs.readFileSync(file, 'latin1');
  } catch {
    return 0;
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return Math.max(0, lines.length - 1);
}

/**
 * Claims the per-deal files of `variants` in `outDir` (which must exist) for this process: a
 * `<file>.lock` holding its pid, made with O_EXCL. Another live process's claim is refused
 * (OutputError), so two runs never rewrite or append to one file at once (a retry's rewrite would
 * orphan the other's rows); a claim whose process is gone (kill -9) is taken over. Returns the
 * release, which removes the claims; on a refusal nothing is left claimed.
 */
export function claimDealFiles(outDir: string, variants: string[]): () => void {
  const held: string[] = [];
  const release = () => {
    for (const f of held.splice(0)) fs.rmSync(f, { force: true });
  };
  try {
    for (const v of variants) {
      const lock = `${dealFile(outDir, v)}.lock`;
      if (!claim(lock)) {
        const owner = ownerOf(lock);
        if (owner !== null && alive(owner))
          throw new OutputError(`another run (pid ${owner}) is writing ${dealFile(outDir, v)}: wait for it to end (or, if none is running, delete ${lock})`);
        fs.rmSync(lock, { force: true });
        if (!claim(lock)) throw new OutputError(`another run is writing ${dealFile(outDir, v)}: wait for it to end (or, if none is running, delete ${lock})`);
      }
      held.push(lock);
    }
  } catch (e) {
    release();
    throw e;
  }
  return release;
}

/** Makes `lock` holding this process's pid; false when it exists. */
function claim(lock: string): boolean {
  try {
    fs.writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new OutputError(`cannot write ${lock}: ${reason(e)}`);
  }
}

function ownerOf(lock: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lock, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
