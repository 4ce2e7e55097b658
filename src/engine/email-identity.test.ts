import { describe, expect, it } from 'vitest';
import { emailKeyOf } from './email-identity.ts';

describe('emailKeyOf', () => {
  it.each([
    ['Ada@Example.com', 'ada@example.com'],
    [' ada+trips@example.com ', 'ada@example.com'],
    ['a.da@example.com', 'a.da@example.com'],
    ['A.Da+x@Gmail.com', 'ada@gmail.com'],
    ['a.d.a@googlemail.com', 'ada@gmail.com'],
    ['not-an-address', 'not-an-address'],
  ])('%s is %s', (email, key) => {
    expect(emailKeyOf(email)).toBe(key);
  });

  it('keeps a tag-only local part rather than emptying it', () => {
    expect(emailKeyOf('+news@example.com')).toBe('+news@example.com');
  });
});
