import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
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
          setupFiles: ['src/server/zod-messages.ts'],
          include: ['tests/load/**/*.test.ts'],
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // The README's production set-up run for real: Caddy, the systemd unit's command and
          // Chromium (`npx vitest run --project deploy`). Building and starting them all takes a
          // while on a busy machine, the hooks included.
          name: 'deploy',
          environment: 'node',
          setupFiles: ['src/server/zod-messages.ts'],
          include: ['tests/deploy/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
    ],
  },
});
