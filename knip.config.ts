import type { KnipConfig } from 'knip';

export default {
  // The compiled server's entries (vite.config.ts builds them into dist/server/), run by `npm start`
  // and the commands through the built files, where knip cannot trace them back.
  entry: [
    'src/server/main.ts',
    'src/web/prerender.tsx',
    'scripts/export.ts',
    'scripts/staff.ts',
    'scripts/form.ts',
    'scripts/backup.ts',
    // The staff workspace's page (review.html), built by its own Vite environment.
    'src/review/main.tsx',
    // The applicant's page's script, built by its own Vite environment.
    'src/web/me/main.ts',
    // The host pages' script (GET /embed.js), built by its own Vite environment.
    'src/embed/embed.ts',
    // Started by bench/submissions.ts as processes of their own; built by bench/lighthouse.ts.
    'bench/naive/*.ts',
    'bench/floor-page/main.tsx',
    // Run by hand to find where the main thread's time goes, on the first page and in a Continue
    // (docs/decisions/010).
    'bench/trace-*.ts',
    // Run by hand: what the editor's uploads cost the server (docs/decisions/022).
    'bench/uploads.ts',
    // Run by hand: 5,000 applications' verified reach against a rate limit (docs/decisions/048).
    'bench/reach-soak.ts',
  ],
  // A type exported beside the function whose signature uses it is part of that function's interface.
  ignoreExportsUsedInFile: { interface: true, type: true },
  // Both are read by file path, which knip cannot follow: the flags through Vite's import.meta.glob,
  // axe-core's source injected into pages by the accessibility tests.
  ignoreDependencies: ['flag-icons', 'axe-core'],
} satisfies KnipConfig;
