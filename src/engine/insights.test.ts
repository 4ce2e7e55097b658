import { expect, test } from 'vitest';
import { clickIdOf, labelsOf } from './insights.ts';

test('a campaign tag names the source whatever else the visit came with', () => {
  expect(
    labelsOf({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      gclid: 'Cj0KCQ',
      ref: 'hotel-alpenhof',
      referrer: 'www.example.org',
    }),
  ).toEqual({ source: 'newsletter', medium: 'email', campaign: 'spring' });
});

test('without tags: an ad click, else a partner, else the linking site, else direct', () => {
  expect(labelsOf({ fbclid: 'IwAR2', ref: 'tirol' })).toEqual({
    source: 'facebook',
    medium: 'social',
    campaign: null,
  });
  expect(labelsOf({ ref: 'tirol', referrer: 'tirol.example' })).toEqual({
    source: 'tirol',
    medium: 'partner',
    campaign: null,
  });
  expect(labelsOf({ referrer: 'blog.example' })).toEqual({
    source: 'blog.example',
    medium: 'referral',
    campaign: null,
  });
  expect(labelsOf({})).toEqual({
    source: '(direct)',
    medium: '(none)',
    campaign: null,
  });
});

test('a tag given alone keeps the rest of what the visit says of itself', () => {
  expect(labelsOf({ utmMedium: 'cpc', ttclid: 'E.C.P' })).toEqual({
    source: 'tiktok',
    medium: 'cpc',
    campaign: null,
  });
});

test('the click id is stored as its parameter, the first of google, tiktok, facebook', () => {
  expect(clickIdOf({ fbclid: 'IwAR2', gclid: 'Cj0KCQ' })).toBe('gclid=Cj0KCQ');
  expect(clickIdOf({ ref: 'tirol' })).toBeNull();
});
