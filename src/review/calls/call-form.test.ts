import { expect, test } from 'vitest';
import type { Call } from '#review-api/calls.ts';
import { ApiError } from '#review/lib/api.ts';
import {
  callChangesRequest,
  fieldOfPath,
  fieldsOf,
  isoFromLocal,
  localFromIso,
  newCallFields,
  newCallRequest,
  refusalErrors,
  slugFromTitle,
  type CallFields,
} from './call-form.ts';

const filled = (changes: Partial<CallFields>): CallFields => ({
  ...newCallFields('creators'),
  slug: 'summer-2027',
  title: 'Summer on the coast',
  ...changes,
});

test('a date and time typed in the viewer’s own time is sent as the instant it is, and read back the same', () => {
  expect(isoFromLocal('2027-03-31T18:00')).toBe(
    new Date(2027, 2, 31, 18, 0).toISOString(),
  );
  expect(localFromIso(new Date(2027, 2, 31, 18, 0).toISOString())).toBe(
    '2027-03-31T18:00',
  );
  expect(localFromIso(isoFromLocal('2027-12-01T07:05') ?? null)).toBe(
    '2027-12-01T07:05',
  );
  expect(isoFromLocal('')).toBeNull();
  expect(isoFromLocal('31 March')).toBeUndefined();
  expect(localFromIso(null)).toBe('');
});

test('makes an address from a title: lower case, plain letters, hyphens between words', () => {
  expect(slugFromTitle('Summer on the coast 2027')).toBe(
    'summer-on-the-coast-2027',
  );
  expect(slugFromTitle('  Crème brûlée — Zürich!  ')).toBe(
    'creme-brulee-zurich',
  );
  expect(slugFromTitle('x'.repeat(80))).toHaveLength(63);
});

test('a new call’s request: the settings as typed, its form copied from the chosen call, blanks as none', () => {
  expect(
    newCallRequest(
      filled({
        summary: '  Five creators, June to August. ',
        closesAt: '2027-03-31T23:59',
        places: '5',
        minFollowers: '10,000',
        countries: 'de, AT ch',
        platforms: ['tiktok', 'instagram'],
      }),
    ),
  ).toEqual({
    body: {
      slug: 'summer-2027',
      title: 'Summer on the coast',
      summary: 'Five creators, June to August.',
      opensAt: null,
      closesAt: new Date(2027, 2, 31, 23, 59).toISOString(),
      places: 5,
      eligibility: {
        minFollowers: 10_000,
        countries: ['DE', 'AT', 'CH'],
        platforms: ['instagram', 'tiktok'],
      },
      copyFrom: 'creators',
    },
  });
  expect(newCallRequest(filled({}))).toMatchObject({
    body: { places: null, eligibility: null },
  });
});

test('says at each field what keeps the request from being sent, in the contract’s words where it has them', () => {
  const request = newCallRequest(
    filled({
      slug: 'Summer 2027',
      title: '  ',
      opensAt: '2027-04-01T00:00',
      closesAt: '2027-03-31T00:00',
      places: 'five',
      minFollowers: 'many',
      countries: 'DE, XY',
    }),
  );
  expect(request).toEqual({
    errors: {
      slug: 'A call’s address is 2 to 63 lower-case letters, digits or hyphens, starting with a letter or digit',
      title: 'Give the call a title',
      closesAt: 'The call closes after it opens',
      places: 'Places are a whole number',
      minFollowers: 'Followers are a whole number',
      countries: 'Not a country code: XY. Use two letters, such as DE or FR.',
    },
  });
  expect(newCallRequest(filled({ places: '0' }))).toEqual({
    errors: { places: 'At least 1 place' },
  });
  expect(newCallRequest(filled({ opensAt: 'soon' }))).toEqual({
    errors: { opensAt: 'Enter a date and a time' },
  });
});

const summer: Call = {
  slug: 'summer-2027',
  title: 'Summer on the coast',
  summary: 'Five creators.',
  status: 'open',
  opensAt: null,
  closesAt: new Date(2027, 2, 31, 23, 59).toISOString(),
  places: 5,
  eligibility: { minFollowers: 10_000, countries: ['DE', 'AT'] },
  archived: false,
  default: false,
  applications: 12,
  accepted: 3,
};

test('an edit starts from the call’s settings and sends them all back as they stand, blanks as none', () => {
  const fields = fieldsOf(summer);
  expect(fields).toMatchObject({
    closesAt: '2027-03-31T23:59',
    places: '5',
    minFollowers: '10000',
    countries: 'DE, AT',
    platforms: [],
  });
  expect(callChangesRequest({ ...fields, places: '', countries: '' })).toEqual({
    body: {
      title: 'Summer on the coast',
      summary: 'Five creators.',
      opensAt: null,
      closesAt: summer.closesAt,
      places: null,
      eligibility: { minFollowers: 10_000 },
    },
  });
});

test('puts the server’s refusal at the field it names, a taken address at the address, the rest above the form', () => {
  expect(fieldOfPath('eligibility.countries[1]')).toBe('countries');
  expect(fieldOfPath('closesAt')).toBe('closesAt');
  expect(fieldOfPath('(body)')).toBe('form');
  expect(
    refusalErrors(
      new ApiError(
        409,
        'A call has had this address already.',
        [],
        'slug_taken',
      ),
    ),
  ).toEqual({ slug: 'A call has had this address already.' });
  expect(
    refusalErrors(
      new ApiError(400, 'Invalid', [
        { path: 'places', message: 'At most 10,000 places' },
        { path: 'eligibility.minFollowers', message: 'Too small' },
      ]),
    ),
  ).toEqual({ places: 'At most 10,000 places', minFollowers: 'Too small' });
  expect(refusalErrors(new ApiError(403, 'Only admins change calls.'))).toEqual(
    { form: 'Only admins change calls.' },
  );
});
