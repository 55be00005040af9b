// The deploy/ recipes do what README.md (Millions of games) says: the Slurm array script,
// run as three array tasks, and the merge script give exactly one run's
// numbers; the Kubernetes manifests are valid by the Kubernetes API schema
// (kubernetes-models, offline) and are an Indexed Job whose shard count
// matches its completions, writing to the volume the merge Job reads. A
// real Slurm and GNU parallel are exercised by deploy/slurm/local-test.sh and
// deploy/parallel-test.sh (CI), not here: they need root and apt.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { parseAllDocuments } from 'yaml';
import { MAIN, cli, withoutReproducibility } from './cli.js';

const run = promisify(execFile);
const deploy = (p: string) => fileURLToPath(new URL(`../../deploy/${p}`, import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mafia-sim-deploy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('deploy recipes', () => {
  it('Slurm: three array tasks and the merge job equal one run', async () => {
    const study = { MAFIA_SIM: `${process.execPath} ${MAIN}`, STUDY_DIR: join(root, 'study'), GAMES: '4000', SEED: '17', RULES: 'classic', AGENTS: 'random' };
    const env = (extra: Record<string, string>) => ({ ...process.env, ...study, ...extra });
    await Promise.all(
      [0, 1, 2].map((i) =>
        run('bash', [deploy('slurm/study.sbatch')], { env: env({ SLURM_ARRAY_TASK_ID: String(i), SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_MIN: '0' }) }),
      ),
    );
    await run('bash', [deploy('slurm/merge.sbatch')], { env: env({}) });
    const report = JSON.parse(readFileSync(join(root, 'study', 'result', 'summary.json'), 'utf8')) as { run: unknown };
    const merged = JSON.stringify(report.run);
    const whole = await cli(['run', '--rules', 'classic', '--agents', 'random', '--seed', '17', '--games', '4000', '--json', '--quiet']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(withoutReproducibility(merged)).toBe(withoutReproducibility(whole.stdout));
  });

  it('Kubernetes: every manifest is valid by the API schema of its kind, and a broken one is not', () => {
    const docs = ['k8s/study.yaml', 'k8s/merge.yaml'].flatMap((f) => parseAllDocuments(readFileSync(deploy(f), 'utf8')).map((d) => ({ file: f, doc: d.toJS() })));
    expect(docs.map((d) => `${d.file}: ${d.doc.apiVersion} ${d.doc.kind}`)).toEqual([
      'k8s/study.yaml: v1 PersistentVolumeClaim',
      'k8s/study.yaml: batch/v1 Job',
      'k8s/merge.yaml: batch/v1 Job',
    ]);
    for (const { file, doc } of docs) expect(() => validateManifest(doc), `${file} ${doc.kind}`).not.toThrow();

    const job = docs[1]!.doc;
    const broken = (change: (j: typeof job) => void) => {
      const copy = structuredClone(job);
      change(copy);
      return () => validateManifest(copy);
    };
    expect(broken((j) => (j.spec.completions = 'ten'))).toThrow(/completions/);
    expect(broken((j) => delete j.spec.template.spec.containers[0].name)).toThrow(/name/);
    expect(broken((j) => (j.spec.template.spec.containers[0].resources.requests.cpu = { cores: 2 }))).toThrow(/cpu/);
  });

  it('Kubernetes: an Indexed Job with --shards equal to completions, and a merge Job on the same volume', () => {
    const docs = parseAllDocuments(readFileSync(deploy('k8s/study.yaml'), 'utf8')).map((d) => d.toJS());
    const job = docs.find((d) => d.kind === 'Job');
    const pvc = docs.find((d) => d.kind === 'PersistentVolumeClaim');
    expect(job.spec.completionMode).toBe('Indexed');
    const args: string[] = job.spec.template.spec.containers[0].args;
    expect(args[0]).toBe('run');
    expect(args).toContain(`--shards=${job.spec.completions}`);
    expect(args).toContain('--resume');
    const claim = job.spec.template.spec.volumes[0].persistentVolumeClaim.claimName;
    expect(claim).toBe(pvc.metadata.name);
    const out = args.find((a) => a.startsWith('--out='))!.slice(6);

    const merge = parseAllDocuments(readFileSync(deploy('k8s/merge.yaml'), 'utf8'))[0]!.toJS();
    const margs: string[] = merge.spec.template.spec.containers[0].args;
    expect(margs.slice(0, 2)).toEqual(['merge', out]);
    expect(merge.spec.template.spec.volumes[0].persistentVolumeClaim.claimName).toBe(claim);
  });
});

function validateManifest(doc: { kind?: string }): void {
  if (doc.kind === 'Job') new Job(doc as ConstructorParameters<typeof Job>[0]).validate();
  else if (doc.kind === 'PersistentVolumeClaim') new PersistentVolumeClaim(doc as ConstructorParameters<typeof PersistentVolumeClaim>[0]).validate();
  else throw new Error(`no schema here for kind ${doc.kind}`);
}
