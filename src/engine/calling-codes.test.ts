import { expect, test } from 'vitest';
import { countries } from '../reference-data/countries.ts';
import {
  callingCodeOptionFor,
  callingCodeOptions,
  splitPhoneNumber,
} from './calling-codes.ts';

test('shows the United States for +1 without a country', () => {
  expect(callingCodeOptionFor('1', '')).toEqual({
    name: 'United States +1',
    value: 'US:1',
    code: '1',
    isoCode2: 'US',
  });
});

test('shows Canada for +1 when the applicant is in Canada', () => {
  expect(callingCodeOptionFor('1', 'CA')).toEqual({
    name: 'Canada +1',
    value: 'CA:1',
    code: '1',
    isoCode2: 'CA',
  });
});

test.each([
  { code: '7', isoCode2: 'RU' },
  { code: '47', isoCode2: 'NO' },
  { code: '61', isoCode2: 'AU' },
  { code: '212', isoCode2: 'MA' },
  { code: '1', isoCode2: 'US' },
])(
  'shows $isoCode2 for the shared code +$code without a country',
  ({ code, isoCode2 }) => {
    expect(callingCodeOptionFor(code, '')?.isoCode2).toBe(isoCode2);
  },
);

test('shows the Dominican Republic for +1-809', () => {
  expect(callingCodeOptionFor('1-809', '')).toEqual({
    name: 'Dominican Republic +1-809',
    value: 'DO:1-809',
    code: '1-809',
    isoCode2: 'DO',
  });
});

test('prefers the applicant country among the holders of a shared code', () => {
  expect(callingCodeOptionFor('61', 'CX')?.value).toBe('CX:61');
  expect(callingCodeOptionFor('212', 'EH')?.value).toBe('EH:212');
  expect(callingCodeOptionFor('44', 'GB')?.value).toBe('GB:44');
  expect(callingCodeOptionFor('44', 'JE')?.value).toBe('JE:44');
});

test('ignores an applicant country that does not hold the code', () => {
  expect(callingCodeOptionFor('7', 'US')?.value).toBe('RU:7');
  expect(callingCodeOptionFor('1-809', 'US')?.value).toBe('DO:1-809');
});

test('finds no option for a code no country has', () => {
  expect(callingCodeOptionFor('999', '')).toBeUndefined();
  expect(callingCodeOptionFor('', 'US')).toBeUndefined();
});

test('lists one option per country and calling code, with unique values', () => {
  const codeCount = countries.reduce(
    (total, entry) => total + entry.countryCodes.length,
    0,
  );
  expect(callingCodeOptions).toHaveLength(codeCount);
  expect(new Set(callingCodeOptions.map((option) => option.value)).size).toBe(
    codeCount,
  );
  expect(callingCodeOptions[0]).toEqual({
    name: 'United States +1',
    value: 'US:1',
    code: '1',
    isoCode2: 'US',
  });
});

test('lists every Dominican Republic area code', () => {
  expect(
    callingCodeOptions
      .filter((option) => option.isoCode2 === 'DO')
      .map((option) => option.value),
  ).toEqual(['DO:1-809', 'DO:1-829', 'DO:1-849']);
});

test('shows the main country of any other shared bare code, such as the United Kingdom for +44', () => {
  expect(callingCodeOptionFor('44', '')?.value).toBe('GB:44');
  expect(callingCodeOptionFor('262', '')?.value).toBe('RE:262');
  expect(callingCodeOptionFor('590', '')?.value).toBe('GP:590');
});

const option = (value: string) =>
  callingCodeOptions.find((candidate) => candidate.value === value);

test.each([
  {
    read: {
      countryCallingCode: '1',
      nationalNumber: '8765550123',
      country: 'JM',
    },
    shown: 'US:1',
    split: ['JM:1-876', '5550123'],
  },
  {
    read: {
      countryCallingCode: '1',
      nationalNumber: '2025550123',
      country: 'US',
    },
    shown: 'CA:1',
    split: ['US:1', '2025550123'],
  },
  // A number the numbering plans place nowhere keeps the option shown, when that has its code…
  {
    read: { countryCallingCode: '44', nationalNumber: '7700900123' },
    shown: 'JE:44',
    split: ['JE:44', '7700900123'],
  },
  // …and otherwise takes the code's usual holder.
  {
    read: { countryCallingCode: '44', nationalNumber: '7700900123' },
    shown: 'US:1',
    split: ['GB:44', '7700900123'],
  },
  {
    read: {
      countryCallingCode: '358',
      nationalNumber: '1812345',
      country: 'AX',
    },
    shown: 'US:1',
    split: ['AX:358-18', '12345'],
  },
])(
  'splits +$read.countryCallingCode $read.nationalNumber into $split',
  ({ read, shown, split }) => {
    const result = splitPhoneNumber(read, option(shown), '');
    expect([result?.option.value, result?.subscriber]).toEqual(split);
  },
);

test('splits nothing for a calling code no country has', () => {
  expect(
    splitPhoneNumber(
      { countryCallingCode: '999', nationalNumber: '123' },
      option('US:1'),
      '',
    ),
  ).toBeUndefined();
});
