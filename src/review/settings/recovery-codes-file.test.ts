import { describe, expect, test } from 'vitest';
import { recoveryCodesFile } from './recovery-codes-file.ts';

describe('the recovery codes as a file', () => {
  const codes = Array.from({ length: 10 }, (_, index) => `code-${index}`);

  test('is named for the workspace and the account, and holds each code on a line of its own', () => {
    const file = recoveryCodesFile(codes, {
      organisation: 'Kite & Co. Creators',
      email: 'Ada@example.org',
    });
    expect(file.name).toBe(
      'kite-co-creators-recovery-codes-ada-example-org.txt',
    );
    const lines = file.text.split('\n');
    expect(lines[0]).toBe(
      'Recovery codes for Ada@example.org at Kite & Co. Creators',
    );
    expect(lines.filter((line) => codes.includes(line))).toEqual(codes);
  });

  test('without an organisation or an account still has a plain name', () => {
    expect(recoveryCodesFile(codes, { organisation: '', email: '' }).name).toBe(
      'workspace-recovery-codes.txt',
    );
  });
});
