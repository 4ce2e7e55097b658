import { expect, test } from 'vitest';
import {
  embedSnippet,
  newPartnerFields,
  partnerLink,
  partnerProblems,
  refFromName,
  withTyped,
  type CampaignTag,
  type PartnerFields,
} from './partner-links.ts';

const origin = 'https://apply.example.org';
const slug = 'summer-2027';
const none = new Set<CampaignTag>();

const typedRef = (ref: string, typed: ReadonlySet<CampaignTag> = none) =>
  withTyped(newPartnerFields(), { ref }, typed, slug);

test('a partner’s reference gets its tags: the reference as source, partner as medium, the call as campaign', () => {
  const fields = typedRef('hotel-du-lac');
  expect(fields).toMatchObject({
    source: 'hotel-du-lac',
    medium: 'partner',
    campaign: slug,
  });
  expect(partnerLink(origin, slug, fields)).toBe(
    'https://apply.example.org/apply/summer-2027?ref=hotel-du-lac&utm_source=hotel-du-lac&utm_medium=partner&utm_campaign=summer-2027',
  );
});

test('without a reference the link is the call’s own address, for the organisation’s own site', () => {
  const fields = withTyped(typedRef('hotel'), { ref: '' }, none, slug);
  expect(partnerLink(origin, slug, fields)).toBe(
    'https://apply.example.org/apply/summer-2027',
  );
  expect(embedSnippet(origin, slug, fields)).toBe(
    '<script src="https://apply.example.org/embed.js" data-call="summer-2027" async></script>',
  );
});

test('a typed tag stays as typed when the reference changes; the others follow it', () => {
  const typed = new Set<CampaignTag>(['medium']);
  const fields = withTyped(
    { ...typedRef('hotel', typed), medium: 'newsletter' },
    { ref: 'board' },
    typed,
    slug,
  );
  expect(fields).toMatchObject({
    ref: 'board',
    source: 'board',
    medium: 'newsletter',
    campaign: slug,
  });
});

test('tags are encoded in the link, trimmed, and an emptied tag is left out', () => {
  const fields: PartnerFields = {
    ...typedRef('hotel'),
    source: ' Hôtel & Spa ',
    medium: '',
    campaign: 'summer/2027?a=b#c',
  };
  const link = partnerLink(origin, slug, fields);
  expect(link).toBe(
    'https://apply.example.org/apply/summer-2027?ref=hotel&utm_source=H%C3%B4tel+%26+Spa&utm_campaign=summer%2F2027%3Fa%3Db%23c',
  );
  const read = new URL(link).searchParams;
  expect(read.get('utm_source')).toBe('Hôtel & Spa');
  expect(read.get('utm_campaign')).toBe('summer/2027?a=b#c');
  expect(read.has('utm_medium')).toBe(false);
});

test('the popup snippet names its button, with quotes and markup in it written as text', () => {
  const fields: PartnerFields = {
    ...typedRef('hotel'),
    isPopup: true,
    button: 'Say "hi" <now> & go',
  };
  expect(embedSnippet(origin, slug, fields)).toBe(
    '<script src="https://apply.example.org/embed.js" data-call="summer-2027" data-ref="hotel" data-mode="popup" data-button="Say &quot;hi&quot; &lt;now> &amp; go" async></script>',
  );
  expect(embedSnippet(origin, slug, { ...fields, button: '  ' })).toContain(
    'data-button="Apply now"',
  );
});

test('suggests a reference from a partner’s name: plain lower-case letters and hyphens', () => {
  expect(refFromName('Hôtel du Lac, Annecy')).toBe('hotel-du-lac-annecy');
  expect(refFromName('  Regional Board_West! ')).toBe('regional-board_west');
  expect(refFromName('x'.repeat(80))).toHaveLength(60);
  expect(refFromName('!!!')).toBe('');
});

test('refuses a reference with capitals or spaces, and over-long or broken tags, by field', () => {
  expect(partnerProblems(typedRef('hotel-du-lac_2'))).toEqual({});
  expect(partnerProblems(typedRef(''))).toEqual({});
  expect(partnerProblems(typedRef('Hotel du Lac')).ref).toMatch(
    /^Only lower-case letters, digits, - and _/,
  );
  expect(partnerProblems(typedRef('a'.repeat(61))).ref).toBe(
    'At most 60 characters.',
  );
  expect(
    partnerProblems({
      ...typedRef('hotel'),
      source: 'x'.repeat(101),
      campaign: 'a\u0007b',
    }),
  ).toEqual({
    source: 'At most 100 characters.',
    campaign: 'No control characters.',
  });
});
