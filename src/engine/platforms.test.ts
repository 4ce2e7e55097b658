import { expect, test } from 'vitest';
import { buildDefaultValues, validateAnswers } from './application-schema.ts';
import { inlineModel } from '../../tests/support/engine-models.ts';
import {
  checkPlatforms,
  platformFields,
  platformKeys,
  platformNames,
  platformsSentAsFields,
  type PlatformKey,
} from './platforms.ts';
import { resolveTexts } from './texts.ts';

const texts = resolveTexts(undefined);
const offered: PlatformKey[] = ['instagram', 'tiktok', 'youtube'];
const empty = { handle: '', followers: '' };

test('lists the twelve platform keys of the specification', () => {
  expect(platformKeys).toEqual([
    'instagram',
    'facebook',
    'youtube',
    'twitter',
    'tiktok',
    'twitch',
    'website',
    'pinterest',
    'linkedin',
    'snapchat',
    'threads',
    'reddit',
  ]);
  expect(Object.keys(platformNames).sort()).toEqual([...platformKeys].sort());
});

test('gives the website a url and monthly traffic and every other platform a handle and followers', () => {
  expect(platformFields('website')).toEqual([
    { key: 'url', kind: 'url', label: 'urlLabel' },
    { key: 'monthlyTraffic', kind: 'count', label: 'monthlyTrafficLabel' },
  ]);
  expect(platformFields('tiktok')).toEqual([
    { key: 'handle', kind: 'handle', label: 'handleLabel' },
    { key: 'followers', kind: 'count', label: 'followersLabel' },
  ]);
});

test('sends LinkedIn, Threads and Reddit as fields', () => {
  expect([...platformsSentAsFields].sort()).toEqual([
    'linkedin',
    'reddit',
    'threads',
  ]);
});

test('asks for at least one platform when none is required and none is filled', () => {
  expect(
    checkPlatforms(
      { instagram: empty, tiktok: empty, youtube: empty },
      offered,
      [],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
});

test('asks for at least one platform when the group value is missing', () => {
  expect(checkPlatforms(undefined, offered, [], texts)).toEqual([
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
});

test('accepts one complete platform when none is required', () => {
  expect(
    checkPlatforms(
      {
        instagram: empty,
        tiktok: { handle: 'ada.travels', followers: '12000' },
        youtube: empty,
      },
      offered,
      [],
      texts,
    ),
  ).toEqual([]);
});

test('asks for the required platform when one is required', () => {
  expect(
    checkPlatforms(
      {
        instagram: empty,
        tiktok: { handle: 'ada.travels', followers: '12000' },
        youtube: empty,
      },
      offered,
      ['instagram'],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.filled', message: 'Fill the required platform' },
  ]);
});

test('accepts the one required platform once it is complete', () => {
  expect(
    checkPlatforms(
      {
        instagram: { handle: 'ada', followers: '5' },
        tiktok: empty,
        youtube: empty,
      },
      offered,
      ['instagram'],
      texts,
    ),
  ).toEqual([]);
});

test('asks for all required platforms when several are required and none is filled', () => {
  expect(
    checkPlatforms(
      { instagram: empty, tiktok: empty, youtube: empty },
      offered,
      ['instagram', 'youtube'],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.filled', message: 'Fill all required platforms' },
  ]);
});

test('asks for all required platforms while only some of them are complete', () => {
  expect(
    checkPlatforms(
      {
        instagram: { handle: 'ada', followers: '5' },
        tiktok: empty,
        youtube: empty,
      },
      offered,
      ['instagram', 'youtube'],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.filled', message: 'Fill all required platforms' },
  ]);
});

test('accepts several required platforms once all are complete', () => {
  expect(
    checkPlatforms(
      {
        instagram: { handle: 'ada', followers: '5' },
        tiktok: empty,
        youtube: { handle: 'AdaTravels', followers: '700' },
      },
      offered,
      ['instagram', 'youtube'],
      texts,
    ),
  ).toEqual([]);
});

test('asks for the followers of a platform with only a handle', () => {
  expect(
    checkPlatforms(
      {
        instagram: { handle: 'ada', followers: '' },
        tiktok: empty,
        youtube: empty,
      },
      offered,
      [],
      texts,
    ),
  ).toEqual([
    {
      path: 'platforms.instagram.followers',
      message: 'This field is required',
    },
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
});

test('asks for the handle of a platform with only followers', () => {
  expect(
    checkPlatforms(
      {
        instagram: empty,
        tiktok: { handle: '  ', followers: '300' },
        youtube: empty,
      },
      offered,
      [],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.tiktok.handle', message: 'This field is required' },
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
});

test('still asks for the other field of a half-filled platform when another platform is complete', () => {
  expect(
    checkPlatforms(
      {
        instagram: { handle: 'ada', followers: '5' },
        tiktok: { handle: '', followers: '9' },
        youtube: empty,
      },
      offered,
      [],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.tiktok.handle', message: 'This field is required' },
  ]);
});

test('does not count a platform whose handle is a URL', () => {
  expect(
    checkPlatforms(
      {
        instagram: { handle: 'https://instagram.com/ada', followers: '12000' },
        tiktok: empty,
        youtube: empty,
      },
      offered,
      [],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.instagram.handle', message: 'Enter your username only' },
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
});

test('does not count a platform whose followers are not a number', () => {
  expect(
    checkPlatforms(
      {
        instagram: { handle: 'ada', followers: '12k' },
        tiktok: empty,
        youtube: empty,
      },
      offered,
      ['instagram'],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.instagram.followers', message: 'Enter a valid number' },
    { path: 'platforms.filled', message: 'Fill the required platform' },
  ]);
});

test('checks the website url and its monthly traffic', () => {
  expect(
    checkPlatforms(
      { website: { url: 'ada.example', monthlyTraffic: 'lots' } },
      ['website'],
      [],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.website.url', message: 'Enter your website URL' },
    {
      path: 'platforms.website.monthlyTraffic',
      message: 'Enter a valid number',
    },
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
  expect(
    checkPlatforms(
      { website: { url: 'https://ada.travel', monthlyTraffic: '3000' } },
      ['website'],
      [],
      texts,
    ),
  ).toEqual([]);
});

test('caps a handle at 100 characters and a follower count at 15', () => {
  expect(
    checkPlatforms(
      { instagram: { handle: 'a'.repeat(101), followers: '1'.repeat(16) } },
      ['instagram'],
      [],
      texts,
    ),
  ).toEqual([
    {
      path: 'platforms.instagram.handle',
      message: 'Keep this under 100 characters',
    },
    {
      path: 'platforms.instagram.followers',
      message: 'Keep this under 15 characters',
    },
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
  expect(
    checkPlatforms(
      { instagram: { handle: 'a'.repeat(100), followers: '1'.repeat(15) } },
      ['instagram'],
      [],
      texts,
    ),
  ).toEqual([]);
});

test('ignores answers for a platform that is not offered', () => {
  expect(
    checkPlatforms(
      { facebook: { handle: 'ada', followers: '10' } },
      offered,
      [],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
});

test('ignores a non-string platform answer', () => {
  expect(
    checkPlatforms(
      { instagram: { handle: 42, followers: '10' } },
      ['instagram'],
      [],
      texts,
    ),
  ).toEqual([
    { path: 'platforms.instagram.handle', message: 'This field is required' },
    { path: 'platforms.filled', message: 'Fill at least one platform' },
  ]);
});

test('uses the configured texts for the group messages', () => {
  const french = resolveTexts({
    platformsNone: 'Remplissez au moins une plateforme',
  });
  expect(checkPlatforms({}, offered, [], french)).toEqual([
    { path: 'platforms.filled', message: 'Remplissez au moins une plateforme' },
  ]);
});

const modelWithPlatforms = (
  platforms: { offered: PlatformKey[]; required: PlatformKey[] },
  showBlock = true,
) =>
  inlineModel(
    showBlock ? [{ component: 'platforms', data: { label: 'Platforms' } }] : [],
    [],
    platforms,
  );

test('validates the offered platforms through validateAnswers with the required ones from the configuration', () => {
  const model = modelWithPlatforms({
    offered: ['linkedin', 'threads', 'reddit', 'website'],
    required: ['linkedin'],
  });
  const values = buildDefaultValues(model);
  expect(values.platforms).toEqual({
    linkedin: { handle: '', followers: '' },
    threads: { handle: '', followers: '' },
    reddit: { handle: '', followers: '' },
    website: { url: '', monthlyTraffic: '' },
  });
  values.platforms.reddit = { handle: 'ada', followers: '10' };
  expect(validateAnswers(values, model)).toEqual([
    { path: 'platforms.filled', message: 'Fill the required platform' },
  ]);
  values.platforms.linkedin = { handle: 'ada-lovelace', followers: '800' };
  expect(validateAnswers(values, model)).toEqual([]);
});

test('skips the platforms rule when no step shows the platforms block', () => {
  const model = modelWithPlatforms(
    { offered: ['instagram'], required: ['instagram'] },
    false,
  );
  expect(model.platforms).toEqual([]);
  expect(model.requiredPlatforms).toEqual([]);
  expect(validateAnswers(buildDefaultValues(model), model)).toEqual([]);
});
