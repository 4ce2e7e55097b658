import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Commands that Debian packages provide, keyed by path: the missing ones are installed when the
 * tests run as root (these machines get programs from apt, nothing downloads them otherwise).
 * Returns what is still missing and how to install it, or nothing when every command is there.
 */
export function ensureDebianCommands(
  packagesByPath: Record<string, string>,
): string | undefined {
  const missing = () =>
    Object.entries(packagesByPath).filter(([path]) => !existsSync(path));
  const packages = missing().map(([, debianPackage]) => debianPackage);
  if (packages.length === 0) return undefined;
  if (process.getuid?.() === 0) {
    process.stdout.write(`Installing Debian ${packages.join(', ')}…\n`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync(
        'apt-get',
        ['install', '-y', '-qq', '--no-upgrade', ...packages],
        {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        },
      );
    } catch {
      // apt-get has said why on the terminal; what is still missing is named below.
    }
  }
  const stillMissing = missing();
  if (stillMissing.length === 0) return undefined;
  return stillMissing
    .map(
      ([path, debianPackage]) =>
        `${path} is missing (sudo apt-get install ${debianPackage})`,
    )
    .join('; ');
}
