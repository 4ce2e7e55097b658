import { expect, test } from 'vitest';
import { leftWithdrawn } from './withdrawn-words.ts';

test('says how many withdrawn applications a bulk action left, and nothing when none', () => {
  expect(leftWithdrawn(0)).toBe('');
  expect(leftWithdrawn(1)).toBe(
    ' 1 application its applicant withdrew was left as it is.',
  );
  expect(leftWithdrawn(1200)).toBe(
    ' 1,200 applications their applicants withdrew were left as they are.',
  );
});
