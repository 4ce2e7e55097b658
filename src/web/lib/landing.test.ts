import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetPrefilledAnswers,
  hiddenValuesFor,
  keepLandingValues,
  landingValuesIn,
  landingValuesOf,
} from './landing.ts';

const form = { pageId: 'summer', hiddenFields: ['partner'] };

describe('landingValuesIn', () => {
  it("takes the form's hidden fields, ref always, and every prefill parameter", () => {
    expect(
      landingValuesIn(
        '?ref=hotel-a&partner=%20board%20&other=x&prefill.personalInfo.firstName=Ada&prefill.=y&utm_source=news',
        form,
      ),
    ).toEqual({
      hidden: { ref: 'hotel-a', partner: 'board' },
      prefill: { 'personalInfo.firstName': 'Ada' },
    });
  });

  it('leaves out empty hidden values', () => {
    expect(landingValuesIn('?ref=&partner=%01', form).hidden).toEqual({});
  });
});

describe('keepLandingValues', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps what the first landing of a visit carried, not what a later address of the tab does', () => {
    keepLandingValues(form, '?ref=hotel-a&prefill.personalInfo.firstName=Ada');
    keepLandingValues(form, '?ref=hotel-b&step=about-you');
    expect(landingValuesOf('summer')).toEqual({
      hidden: { ref: 'hotel-a' },
      prefill: { 'personalInfo.firstName': 'Ada' },
    });
    expect(
      JSON.parse(sessionStorage.getItem('wizard-landing:summer') ?? ''),
    ).toEqual(landingValuesOf('summer'));
  });

  it('leaves nothing in the tab for a landing with nothing to keep', () => {
    keepLandingValues({ pageId: 'plain', hiddenFields: [] }, '?utm_source=x');
    expect(sessionStorage.getItem('wizard-landing:plain')).toBeNull();
    expect(landingValuesOf('plain')).toEqual({ hidden: {}, prefill: {} });
  });

  it('forgets the prefilled answers once the application is sent, and keeps the hidden values', () => {
    keepLandingValues(form, '?ref=hotel-a&prefill.personalInfo.firstName=Ada');
    forgetPrefilledAnswers('summer');
    expect(landingValuesOf('summer')).toEqual({
      hidden: { ref: 'hotel-a' },
      prefill: {},
    });
    expect(sessionStorage.getItem('wizard-landing:summer')).not.toContain(
      'Ada',
    );
    keepLandingValues({ pageId: 'solo', hiddenFields: [] }, '?prefill.x=Ada');
    forgetPrefilledAnswers('solo');
    expect(sessionStorage.getItem('wizard-landing:solo')).toBeNull();
  });

  it("keeps each call's landing apart", () => {
    keepLandingValues(form, '?ref=hotel-a');
    keepLandingValues({ pageId: 'winter', hiddenFields: [] }, '?ref=board');
    expect(landingValuesOf('summer').hidden).toEqual({ ref: 'hotel-a' });
    expect(landingValuesOf('winter').hidden).toEqual({ ref: 'board' });
  });

  it('still gives the landing to this page when the frame may not use storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    keepLandingValues({ pageId: 'framed', hiddenFields: [] }, '?ref=site');
    expect(landingValuesOf('framed').hidden).toEqual({ ref: 'site' });
  });
});

describe('hiddenValuesFor', () => {
  afterEach(() => sessionStorage.clear());

  it("gives the visit's values the form still records", () => {
    sessionStorage.setItem(
      'wizard-landing:spring',
      JSON.stringify({
        hidden: { ref: 'hotel-a', partner: 'board', dropped: 'x' },
        prefill: {},
      }),
    );
    expect(
      hiddenValuesFor({ pageId: 'spring', hiddenFields: ['partner'] }),
    ).toEqual({ hidden: { ref: 'hotel-a', partner: 'board' } });
  });

  it('gives no hidden key at all when the visit carried none', () => {
    expect(hiddenValuesFor({ pageId: 'autumn', hiddenFields: [] })).toEqual({});
  });
});
