import { describe, expect, it } from 'vitest';
import {
  languageAddressOf,
  languageHrefOf,
  withKeptParameters,
} from './language-links.ts';

describe('withKeptParameters', () => {
  it("keeps the address's language on a step's query", () => {
    expect(withKeptParameters('?step=about-you', '?lang=de&step=welcome')).toBe(
      '?step=about-you&lang=de',
    );
    expect(withKeptParameters('', '?lang=ar')).toBe('?lang=ar');
  });

  it('adds nothing to an address that names no language', () => {
    expect(withKeptParameters('?step=about-you', '?utm_source=x')).toBe(
      '?step=about-you',
    );
    expect(withKeptParameters('', '')).toBe('');
  });

  it('keeps the host page a frame was asked for, and nothing else of the landing address', () => {
    expect(
      withKeptParameters(
        '?step=about-you',
        '?embed=https%3A%2F%2Fexample.org&ref=hotel&prefill.personalInfo.firstName=Ada',
      ),
    ).toBe('?step=about-you&embed=https%3A%2F%2Fexample.org');
  });
});

describe('languageAddressOf', () => {
  it('keeps the other parameters and the path, drops the step and sets the language', () => {
    expect(
      languageAddressOf('en', {
        pathname: '/apply/summer',
        search: '?utm_source=news&step=about-you&lang=de',
        hash: '',
      }),
    ).toBe('/apply/summer?utm_source=news&lang=en');
    expect(
      languageAddressOf('ar', { pathname: '/', search: '', hash: '#x' }),
    ).toBe('/?lang=ar#x');
  });
});

describe('languageHrefOf', () => {
  it('is a query the browser resolves against the page it is on', () => {
    expect(languageHrefOf('pt-BR')).toBe('?lang=pt-BR');
  });
});
