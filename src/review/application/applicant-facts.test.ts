import { expect, test } from 'vitest';
import { stages } from '#engine/stages.ts';
import { exactTime } from '#review/lib/format.ts';
import {
  applicantSeesLine,
  firstLine,
  hiddenFilterHref,
  isMovableByStaff,
  isUntoldDecision,
  openHref,
  languageLine,
  repeatLine,
} from './applicant-facts.ts';

test("staff read what the applicant sees, in the page's default words", () => {
  expect(applicantSeesLine('declined', 'declined')).toBe(
    'The applicant sees: Not this time',
  );
  expect(applicantSeesLine('accepted', null)).toBe(
    'The applicant sees: In review',
  );
});

test('offers to mark a decision told only while it is a decision not told', () => {
  expect(isUntoldDecision('accepted', null)).toBe(true);
  expect(isUntoldDecision('declined', 'accepted')).toBe(true);
  expect(isUntoldDecision('accepted', 'accepted')).toBe(false);
  for (const stage of ['new', 'shortlisted', 'withdrawn'] as const)
    expect(isUntoldDecision(stage, null)).toBe(false);
});

test('staff move every stage but one their applicant withdrew', () => {
  expect(stages.filter(isMovableByStaff)).toEqual([
    'new',
    'shortlisted',
    'accepted',
    'declined',
  ]);
});

test('opens another application over the same list, replacing the one open', () => {
  expect(openHref('/?stage=new&open=1&tag=coast', 'b 2')).toBe(
    '/?stage=new&open=b+2&tag=coast',
  );
  expect(openHref('/?', 'x')).toBe('/?open=x');
});

test('says when each repeat came, and whose first one a repeat is', () => {
  const at = '2026-11-27T10:00:00.000Z';
  expect(repeatLine(at)).toBe(`Applied again: ${exactTime(at)}`);
  expect(firstLine({ name: 'Ada Lovelace', receivedAt: at })).toBe(
    `Second application of Ada Lovelace, first sent ${exactTime(at)}`,
  );
});

test('staff read the language an application was written in by its English name', () => {
  expect(languageLine('de')).toBe('Language: German');
  expect(languageLine('ar')).toBe('Language: Arabic');
});

test('a hidden value narrows the list it was opened from to that value, closing the application', () => {
  expect(
    hiddenFilterHref(
      '/?call=summer-2027&stage=new&open=42',
      'ref',
      'hotel alpenhof',
    ),
  ).toBe('/?call=summer-2027&stage=new&hidden.ref=hotel+alpenhof');
});
