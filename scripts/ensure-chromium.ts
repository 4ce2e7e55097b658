import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The end-to-end tests drive Debian's Chromium; `npx playwright install` cannot download on these machines.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `Chromium is missing at ${chromiumPath}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    'Installing Debian chromium for the end-to-end tests…\n',
  );
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
