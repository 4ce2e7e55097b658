import { spawn, type SpawnOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** A process whose output is kept for the message of a failure. */
export function started(
  command: string,
  args: string[],
  options: Pick<SpawnOptions, 'cwd' | 'env' | 'detached'>,
) {
  const child = spawn(command, args, {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: string) => {
    output += chunk;
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  return { child, output: () => output };
}

/**
 * Waits until `answers` says the process is ready; fails with its output if it exits first or
 * `withinMs` passes. The ceiling only ends a hang: a busy 2-core machine has taken 15–23 s to start.
 */
export async function readyWhen(
  what: string,
  { child, output }: ReturnType<typeof started>,
  answers: () => Promise<boolean>,
  withinMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await answers().catch(() => false)) return;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(
        `${what} did not answer (exit code ${child.exitCode}):\n${output()}`,
      );
    await sleep(100);
  }
}
