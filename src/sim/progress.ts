// The progress bar on stderr: games done, games per second and ETA, redrawn
// at most a few times a second, shown only when stderr is a terminal (and
// the user did not ask for quiet). Clock use here never touches outcomes.
// The bar hides the cursor and turns off line wrapping while it draws; it
// gives both back when stopped, on the run's abort signal (Ctrl-C), and at
// any exit, so no way out leaves the terminal without them.

import type * as CliProgress from 'cli-progress';
import { createRequire } from 'node:module';
import type { RunProgress } from './run.js';

/** cli-progress, loaded only for a bar that is shown: a scripted or quiet run never draws one. */
const loadCliProgress = (): typeof CliProgress => createRequire(import.meta.url)('cli-progress') as typeof CliProgress;

/** Redraws per second, at most. */
const FPS = 4;

export interface ProgressSink {
  update(p: RunProgress): void;
  stop(): void;
}

const SILENT: ProgressSink = { update() {}, stop() {} };

export interface ProgressOptions {
  readonly quiet?: boolean;
  readonly stream?: NodeJS.WriteStream;
  /** Printed before the bar, e.g. "club" or "shard 3/10". */
  readonly label?: string;
  /** The run's stop signal: the bar stops (and gives the terminal back) the moment it aborts, before the stop is announced. */
  readonly signal?: AbortSignal;
}

export function progressBar(opts: ProgressOptions = {}): ProgressSink {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet || !stream.isTTY) return SILENT;
  const cliProgress = loadCliProgress();
  const bar = new cliProgress.SingleBar(
    {
      stream,
      fps: FPS,
      hideCursor: true,
      clearOnComplete: true,
      format: `${opts.label ? `${opts.label} ` : ''}{bar} {value}/{total} games | {speed} games/s | ETA {etaText}`,
    },
    cliProgress.Presets.shades_classic,
  );
  const t0 = performance.now();
  let started = false;
  const stop = () => {
    if (started) bar.stop();
    started = false;
    process.off('exit', stop);
    opts.signal?.removeEventListener('abort', stop);
  };
  return {
    update(p) {
      if (opts.signal?.aborted) return;
      const now = performance.now();
      const seconds = (now - t0) / 1000;
      const speed = seconds > 0 ? (p.done - p.resumed) / seconds : 0;
      const payload = { speed: Math.round(speed).toLocaleString('en-US'), etaText: formatEta(speed > 0 ? (p.total - p.done) / speed : NaN) };
      if (!started) {
        bar.start(p.total, p.done, payload);
        started = true;
        process.once('exit', stop);
        opts.signal?.addEventListener('abort', stop, { once: true });
      } else {
        // Every update, not one a frame: the bar redraws from its own timer (FPS) and shows the last value it was given.
        // Dropping updates that came within a frame of the last draw left it showing 0 games for good when the
        // first batches all finished in one frame and the next one hung (test/cli/interrupt.test.ts).
        bar.update(p.done, payload);
      }
    },
    stop,
  };
}

function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
