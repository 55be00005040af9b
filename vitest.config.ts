import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Text output fits the terminal (src/report/table.ts); the tests read tables one line per row,
    // whatever the shell's width, and test/cli/width.test.ts sets its own widths.
    env: { COLUMNS: '1000' },
  },
});
