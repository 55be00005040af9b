// The progress bar on a terminal shows the last count it was given, even
// when that came within one frame of the draw before it and nothing follows
// (a pool whose next batch hangs, or the slow last batches of a run).

import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressBar } from '../../src/sim/progress.js';

/** A writable that keeps what was written to it and says it is a terminal (or not). */
function fakeTerminal(isTTY = true): { stream: NodeJS.WriteStream; screen: () => string } {
  let text = '';
  const w = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  Object.assign(w, { isTTY, columns: 160, rows: 40 });
  return { stream: w as unknown as NodeJS.WriteStream, screen: () => text };
}

describe('progress bar', () => {
  it('draws the last update of a burst once its frame is due, with no update after it', async () => {
    const t = fakeTerminal();
    const bar = progressBar({ stream: t.stream, label: 'compare' });
    bar.update({ done: 0, total: 20000, resumed: 0 });
    // Two batches finish at once, then nothing more comes (the next batch hangs).
    bar.update({ done: 313, total: 20000, resumed: 0 });
    bar.update({ done: 626, total: 20000, resumed: 0 });
    await new Promise((r) => setTimeout(r, 700)); // the bar draws 4 times a second
    const shown = [...t.screen().matchAll(/(\d+)\/20000 games/g)].map((m) => Number(m[1]));
    bar.stop();
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(626);
  });

  it('is silent on a stream that is not a terminal', () => {
    const t = fakeTerminal(false);
    const bar = progressBar({ stream: t.stream });
    bar.update({ done: 5, total: 10, resumed: 0 });
    bar.stop();
    expect(t.screen()).toBe('');
  });
});
