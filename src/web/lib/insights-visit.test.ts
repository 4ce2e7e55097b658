import { expect, test, vi } from 'vitest';
import { clickIdsIn } from './insights-reporter.ts';
import { visitSourceHeader, writeVisit } from './insights-visit.ts';

test('takes the click ids written as the ad platforms write them, and no other', () => {
  expect(
    clickIdsIn(
      new URLSearchParams(
        'gclid=Cj0KCQ-abc_1.2~x&fbclid=IwAR%20spaced&ttclid=&utm_source=news',
      ),
    ),
  ).toEqual({ gclid: 'Cj0KCQ-abc_1.2~x' });
  expect(clickIdsIn(new URLSearchParams(`ttclid=${'a'.repeat(201)}`))).toEqual(
    {},
  );
});

test("the submission's Visit-Source header carries the visit's click id", () => {
  writeVisit('summer', {
    id: '6f1c1bd4-5a5e-4a59-9d38-1c9a1f3e8d1a',
    device: 'desktop',
    startedAt: 0,
    isReported: true,
    utmCampaign: 'spring',
    fbclid: 'IwAR123',
  });
  expect(
    Object.fromEntries(new URLSearchParams(visitSourceHeader('summer') ?? '')),
  ).toEqual({ utmCampaign: 'spring', fbclid: 'IwAR123' });
});

test('a frame whose storage the browser refuses keeps its visit for the page', () => {
  for (const method of ['getItem', 'setItem'] as const)
    vi.spyOn(Storage.prototype, method).mockImplementation(() => {
      throw new DOMException('Access is denied', 'SecurityError');
    });
  writeVisit('framed', {
    id: '0d3c47c6-6c3c-4b36-9d0f-0a8f1b0b5d2e',
    device: 'phone',
    startedAt: 0,
    isReported: true,
    gclid: 'Cj0KCQ',
  });
  expect(visitSourceHeader('framed')).toBe('gclid=Cj0KCQ');
});
