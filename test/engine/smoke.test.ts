import { describe, expect, it } from 'vitest';
import { RandomProvider } from '../../src/agents/random.js';
import { Game } from '../../src/engine/game.js';
import { resolveRules } from '../../src/engine/rules.js';

describe('smoke', () => {
  it.each(['club', 'forum', 'classic'])('plays %s games to an outcome', (preset) => {
    const game = new Game(resolveRules(preset));
    const provider = new RandomProvider();
    for (let k = 0; k < 200; k++) {
      const o = game.play(7, k, provider);
      expect(o).toBeGreaterThanOrEqual(0);
      expect(o).toBeLessThanOrEqual(4);
    }
  });
});
