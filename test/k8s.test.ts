// The Kubernetes recipe (examples/k8s-job.yaml, examples/k8s-merge.yaml) without a cluster: no
// Kubernetes runs where this project is tested, so this runs what the Job's pods would run. For
// each index, the manifest's own command line and env (its knobs given small values), expanded as
// the kubelet expands $(VAR) references, with JOB_COMPLETION_INDEX set as the Job controller sets
// it, in `sh -c`; then the merge Job's command. The merged summaries must equal a straight run's.
// What this cannot check: the Job controller itself, the volume and the image (docs/scale.md).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_SCHEMA, load, Type } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, ROOT } from './cli-helpers';

interface EnvVar {
  name: string;
  value: string;
}
interface Container {
  image: string;
  env: EnvVar[];
  command: string[];
  args: string[];
  volumeMounts: { name: string; mountPath: string }[];
}
interface JobManifest {
  kind: string;
  spec: {
    completionMode?: string;
    completions?: number;
    parallelism?: number;
    backoffLimitPerIndex?: number;
    template: {
      spec: {
        restartPolicy: string;
        containers: Container[];
        volumes: { name: string; persistentVolumeClaim: { claimName: string } }[];
      };
    };
  };
}

const text = (file: string) => fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8');
const readJob = (file: string) => load(text(file)) as JobManifest;

/**
 * js-yaml reads YAML 1.2; kubectl reads YAML 1.1, where bare y, n, yes, no, on and off (lower
 * case, capitalised or upper case) are booleans too: a bare `name: N` reaches the API server as
 * false. This schema adds them, so a manifest that reads the same under both has no such scalar
 * left unquoted.
 */
const YAML11 = DEFAULT_SCHEMA.extend({
  implicit: [
    new Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (d: string) => /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/.test(d),
      construct: (d: string) => /^(y|Y|yes|Yes|YES|on|On|ON)$/.test(d),
    }),
  ],
});
const job = readJob('k8s-job.yaml');
const merge = readJob('k8s-merge.yaml');
const shard = job.spec.template.spec.containers[0];
const merger = merge.spec.template.spec.containers[0];
const envOf = (c: Container) => Object.fromEntries(c.env.map((e) => [e.name, e.value]));

/**
 * Kubernetes' expansion of $(VAR) in a container's command and args (the kubelet's
 * third_party/forked/golang/expansion): $(NAME) becomes the variable's value when NAME is defined,
 * and stays as written otherwise; $$ becomes $. Everything else is left for the shell.
 */
function k8sExpand(input: string, vars: Record<string, string>): string {
  let out = '';
  let checkpoint = 0;
  for (let cursor = 0; cursor < input.length; cursor++) {
    if (input[cursor] !== '$' || cursor + 1 >= input.length) continue;
    out += input.slice(checkpoint, cursor);
    const rest = input.slice(cursor + 1);
    let read: string;
    let advance = 1;
    if (rest[0] === '$') read = '$';
    else if (rest[0] === '(') {
      const close = rest.indexOf(')', 1);
      if (close < 0) read = '$(';
      else {
        const name = rest.slice(1, close);
        read = Object.hasOwn(vars, name) ? vars[name] : `$(${name})`;
        advance = close + 1;
      }
    } else read = '$' + rest[0];
    out += read;
    cursor += advance;
    checkpoint = cursor + 1;
  }
  return out + input.slice(checkpoint);
}

let tmp: string;
let bin: string;
/** The knobs' small values: three shards of two games over nine seeds. */
const KNOBS = { N: '3', SEEDS: '1-9', VARIANTS: 'signora winery', ARGS: '--max-nodes 3000' };

/** One pod of `c`: its env with the knobs' values (every knob must be one of its entries), plus `extra`. */
function pod(c: Container, out: string, extra: Record<string, string> = {}) {
  const env: Record<string, string> = { ...envOf(c) };
  for (const [k, v] of Object.entries({ ...KNOBS, OUT: out })) if (k in env) env[k] = v;
  Object.assign(env, extra);
  const line = k8sExpand(c.args[0], env);
  const r = spawnSync(c.command[0], [...c.command.slice(1), line], {
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: tmp, ...env },
  });
  return { line, status: r.status, stderr: r.stderr };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-test-'));
  // The image's `solitaire`: this clone's CLI.
  bin = path.join(tmp, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'solitaire'), `#!/bin/sh\nexec "${process.execPath}" "${MAIN}" "$@"\n`, { mode: 0o755 });
  const straight = spawnSync(
    process.execPath,
    [
      MAIN,
      'analyze',
      ...KNOBS.VARIANTS.split(' '),
      '--seeds',
      KNOBS.SEEDS,
      ...KNOBS.ARGS.split(' '),
      '--workers',
      '2',
      '--quiet',
      '--out',
      path.join(tmp, 'straight'),
    ],
    { encoding: 'utf8' },
  );
  expect(straight.stderr).toBe('');
  expect(straight.status).toBe(0);
}, 120_000);
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the Kubernetes manifests', () => {
  it('expand $(VAR) as the kubelet does', () => {
    expect(k8sExpand('a $(N) $((X + 1)) $$(N) $(seq 1 $N) $(M', { N: '3' })).toBe('a 3 $((X + 1)) $(N) $(seq 1 $N) $(M');
  });

  it('read the same as kubectl reads them (YAML 1.1: no bare y, n, yes, no, on, off)', () => {
    for (const f of ['k8s-job.yaml', 'k8s-merge.yaml']) expect(load(text(f), { schema: YAML11 }), f).toEqual(load(text(f)));
  });

  it('agree with each other: an Indexed Job of N pods, the merge on the same volume, N and OUT', () => {
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    expect(job.spec.completions).toBe(Number(envOf(shard).N));
    expect(job.spec.parallelism).toBeLessThanOrEqual(job.spec.completions!);
    // backoffLimitPerIndex requires restartPolicy Never.
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(merge.spec.template.spec.restartPolicy).toBe('Never');
    for (const k of ['N', 'SEEDS', 'VARIANTS', 'OUT', 'ARGS']) expect(envOf(shard)).toHaveProperty(k);
    expect(envOf(merger).N).toBe(envOf(shard).N);
    expect(envOf(merger).OUT).toBe(envOf(shard).OUT);
    expect(merger.image).toBe(shard.image);
    const claim = (m: JobManifest) => m.spec.template.spec.volumes[0].persistentVolumeClaim.claimName;
    expect(claim(merge)).toBe(claim(job));
    expect(merger.volumeMounts[0].mountPath).toBe(shard.volumeMounts[0].mountPath);
    expect(envOf(shard).OUT.startsWith(shard.volumeMounts[0].mountPath + '/')).toBe(true);
    for (const c of [shard, merger]) {
      expect(c.command).toEqual(['sh', '-c']);
      expect(c.args).toHaveLength(1);
      // Kubernetes' expansion leaves the shell's $((...)) and $(...) alone.
      expect(k8sExpand(c.args[0], { ...envOf(c), JOB_COMPLETION_INDEX: '0' })).toBe(c.args[0]);
    }
  });

  it("every pod's command, then the merge's, give the summaries of a straight run; a retried pod changes nothing", () => {
    const out = path.join(tmp, 'data', 'big');
    const n = Number(KNOBS.N);
    for (let i = 0; i < n; i++) {
      const r = pod(shard, out, { JOB_COMPLETION_INDEX: String(i) });
      expect(r.stderr, r.line).toBe('');
      expect(r.status, r.line).toBe(0);
      expect(fs.existsSync(path.join(out, `shard-${i + 1}`, 'run.json'))).toBe(true);
    }
    expect(fs.readdirSync(out).sort()).toEqual(Array.from({ length: n }, (_, i) => `shard-${i + 1}`));
    const m = pod(merger, out);
    expect(m.stderr, m.line).toBe('');
    expect(m.status, m.line).toBe(0);
    const files = fs.readdirSync(path.join(tmp, 'straight')).filter((f) => f.endsWith('-summary.csv') || f === 'strategies.csv');
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) expect(fs.readFileSync(path.join(out, f), 'utf8'), f).toBe(fs.readFileSync(path.join(tmp, 'straight', f), 'utf8'));
    // The Job retries an index whose pod failed (backoffLimitPerIndex): with --resume the shard's
    // rows stay (run.json records the run's time, so only the CSV files are compared).
    const dir = path.join(out, 'shard-2');
    const csv = () =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.csv'))
        .map((f) => f + fs.readFileSync(path.join(dir, f), 'utf8'));
    const before = csv();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const again = pod(shard, out, { JOB_COMPLETION_INDEX: '1' });
    expect(again.status, again.stderr).toBe(0);
    expect(csv()).toEqual(before);
  }, 120_000);
});
