import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Two files at a time, where vitest's default on two cores is one: most of a server test's time
    // is spent waiting (for a server's answer, a child process, a disk flush, PostgreSQL), and the
    // unit stage took 630 s one file at a time against 288 s two at a time, on the same loaded machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // The engine as the browser runs it: zod/mini without its English messages.
          name: 'engine',
          environment: 'node',
          include: [
            'src/engine/**/*.test.ts',
            'src/reference-data/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Some tests start a real server process or command; on a busy 2-core machine a cold
          // start has taken 15–23 s. Each waits for readiness, so the ceiling only ends a hang.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // The messages the server prints for a broken configuration.
          setupFiles: ['src/server/zod-messages.ts'],
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Latency under load, measured alone (`npm run test:load`): tests running beside it
          // would take the processor it measures.
          name: 'load',
          environment: 'node',
          fileParallelism: false,
          setupFiles: ['src/server/zod-messages.ts'],
          include: ['tests/load/**/*.test.ts'],
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // The README's production set-up run for real (`npm run test:deploy`): its deployment in a
          // scratch clone (a clean install, a build, a pruned tree, the commands an operator runs),
          // and Caddy, the systemd unit's command and Chromium in front of the server.
          name: 'deploy',
          environment: 'node',
          // Each builds and starts the whole product; two at once would only share the same cores.
          fileParallelism: false,
          setupFiles: ['src/server/zod-messages.ts'],
          include: ['tests/deploy/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'src/web/**/*.test.{ts,tsx}',
            'src/review/**/*.test.{ts,tsx}',
            'src/embed/**/*.test.ts',
          ],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
    ],
  },
});
