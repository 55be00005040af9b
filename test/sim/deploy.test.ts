// The deploy/ recipes do what README.md (Millions of games) says: the Slurm array script,
// run as three array tasks, and the merge script give exactly one run's
// numbers; the Kubernetes manifests are an Indexed Job whose shard count
// matches its completions, writing to the volume the merge Job reads.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
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
