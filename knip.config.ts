import type { KnipConfig } from 'knip';

export default {
  // The chromium installer runs Debian's apt-get when the tests run as root on a bare machine.
  ignoreBinaries: ['apt-get'],
  // Both are read by file path, which knip cannot follow: the flags through Vite's import.meta.glob,
  // axe-core's source injected into pages by the accessibility tests.
  ignoreDependencies: ['flag-icons', 'axe-core'],
} satisfies KnipConfig;
