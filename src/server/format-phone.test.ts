import examples from 'libphonenumber-js/examples.mobile.json';
import metadata from 'libphonenumber-js/metadata.min.json';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone.ts';

// The library's own reading, which tries every country of a shared calling code.
const fullReading = (international: string) =>
  parsePhoneNumberFromString(international)?.formatInternational() ??
  international;

// A fixed sequence, so a failure names the same numbers on every run.
function* digitStrings(count: number): Generator<string> {
  let state = 7;
  for (let made = 0; made < count; made++) {
    let digits = '';
    state = (state * 48271) % 2147483647;
    const length = 4 + (state % 10);
    for (let index = 0; index < length; index++) {
      state = (state * 48271) % 2147483647;
      digits += String(state % 10);
    }
    yield digits;
  }
}

describe('formatPhone', () => {
  it('formats as the full reading does, for every country that shares a calling code', () => {
    const differences: string[] = [];
    let compared = 0;
    const random = digitStrings(100_000);
    for (const [country, national] of Object.entries(examples)) {
      const code = String(
        metadata.countries[country as keyof typeof metadata.countries]?.[0],
      );
      if ((metadata.country_calling_codes[code]?.length ?? 0) < 2) continue;
      // Its example mobile, as typed with a national prefix, cut short and too long, then others.
      const subscribers = [
        national,
        `0${national}`,
        national.slice(1),
        `${national}1`,
      ];
      for (let index = 0; index < 60; index++) {
        const digits = random.next().value ?? '';
        subscribers.push(digits, `${national.slice(0, 3)}${digits}`);
      }
      for (const subscriber of subscribers) {
        const international = `+${code}${subscriber}`;
        compared++;
        if (formatPhone(international) !== fullReading(international))
          differences.push(international);
      }
    }
    expect(compared).toBeGreaterThan(6000);
    expect(differences).toEqual([]);
  });

  it('groups a number by its country’s plan, and leaves one no plan knows as written', () => {
    expect(formatPhone('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhone('+4407700900123')).toBe('+44 7700 900123');
    expect(formatPhone('+14165550123')).toBe('+1 416 555 0123');
    expect(formatPhone('+15')).toBe('+15');
  });
});
