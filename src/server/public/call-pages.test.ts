import { expect, test } from 'vitest';
import { defaultTexts } from '#engine/texts.ts';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import {
  cardOfCall,
  publicPageStyleOf,
  renderCallsPage,
  renderUnavailableCallPage,
  type PublicCallCard,
} from './call-pages.ts';

const config = exampleConfig();
const look = { config, stylesheet: '.wizard{display:grid}', timeZone: 'UTC' };

const summer: PublicCallCard = {
  slug: 'summer-2027',
  title: 'Summer on the coast 2027',
  summary: 'Five creators, travel June to August.',
  closesAt: '2027-03-31T21:59:00.000Z',
  cover: config.coverImages[0] ?? null,
};
const ferry: PublicCallCard = {
  slug: 'ferry',
  title: 'Press trip for the new ferry route',
  summary: '',
  closesAt: null,
  cover: null,
};

/** The text of the page's body, its tags dropped: what a reader and a search engine read. */
const textOf = (html: string) =>
  (/<body>(.*)<\/body>/s.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ');

test('lists each open call with its title linking to its form, its summary and its closing date in words', () => {
  const { html } = renderCallsPage([summer, ferry], look);
  expect(html.match(/<li class="call-card">/g)).toHaveLength(2);
  expect(html).toContain(
    '<h2 class="call-card__title"><a href="/apply/summer-2027">Summer on the coast 2027</a></h2>',
  );
  expect(html).toContain('<a href="/apply/ferry">');
  expect(html).toContain('Five creators, travel June to August.');
  expect(html).toContain(
    'Closes <time datetime="2027-03-31T21:59:00.000Z">March 31, 2027 at 9:59 PM UTC</time>',
  );
  expect(textOf(html)).toContain(defaultTexts.callOpenEnded);
  // A call without a summary has no empty paragraph.
  expect(html).not.toContain('<p class="call-card__summary"></p>');
});

test('is a whole page a search engine reads: language, title, description, one heading and a list', () => {
  const { html } = renderCallsPage([summer], look);
  expect(html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
  expect(html).toContain('<title>Open calls · Visit Aldmere Coast</title>');
  expect(html).toContain(
    `<meta name="description" content="${defaultTexts.callsIntro}">`,
  );
  expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  expect(html).toContain('<ul class="calls__list">');
  expect(html).not.toContain('<script');
});

test('writes the closing date in the language and time zone of the page', () => {
  const { html } = renderCallsPage([summer], {
    ...look,
    config: exampleConfig({
      lang: 'de',
      texts: { callCloses: 'Bewerbungsschluss: {date}' },
    }),
    timeZone: 'Europe/Berlin',
  });
  expect(html).toContain('<html lang="de" dir="ltr">');
  expect(textOf(html)).toContain(
    'Bewerbungsschluss:  31. März 2027 um 23:59 MESZ',
  );
});

test('shows each cover in its AVIF and WebP sizes, at its own proportions, the first one first', () => {
  const second = { ...summer, slug: 'winter', title: 'Winter food trail' };
  const { html } = renderCallsPage([summer, second], look);
  const cover = config.coverImages[0];
  expect(cover).toBeDefined();
  for (const source of cover?.sources ?? [])
    expect(html).toContain(
      `<source type="${source.type}" srcset="${source.srcset}"`,
    );
  const images = html.match(/<img [^>]*>/g) ?? [];
  const covers = images.filter((image) => image.includes(cover?.src ?? '-'));
  expect(covers).toHaveLength(2);
  for (const image of covers)
    expect(image).toContain(
      `width="${cover?.width}" height="${cover?.height}"`,
    );
  expect(covers[0]).toContain('fetchpriority="high"');
  expect(covers[1]).toContain('loading="lazy"');
});

test('keeps what a call says as text: a title with markup cannot add an element or an attribute', () => {
  const hostile: PublicCallCard = {
    slug: 'summer-2027',
    title: '<script>alert(1)</script>',
    summary: '"><img src=x onerror=alert(2)>',
    closesAt: null,
    cover: { ...summer.cover!, alt: '" onload="alert(3)' },
  };
  const { html } = renderCallsPage([hostile], look);
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<img src=x');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
  expect(html).toContain('alt="&quot; onload=&quot;alert(3)"');
});

test('a configured text with markup stays text, and only its placeholder becomes the date', () => {
  const { html } = renderCallsPage([summer], {
    ...look,
    config: exampleConfig({ texts: { callCloses: '<b>Ends</b> {date}' } }),
  });
  expect(html).toContain('&lt;b&gt;Ends&lt;/b&gt; <time datetime=');
});

test('says kindly that no call is open, in place of an empty list', () => {
  const { html } = renderCallsPage([], look);
  expect(html).not.toContain('<ul class="calls__list">');
  expect(textOf(html)).toContain(defaultTexts.noOpenCalls);
  expect(
    renderCallsPage([], {
      ...look,
      config: exampleConfig({
        texts: { noOpenCalls: 'Zurzeit ist kein Aufruf offen.' },
      }),
    }).html,
  ).toContain('Zurzeit ist kein Aufruf offen.');
});

test('a closed call says so in its own words and leads to the open calls, without a form or a script', () => {
  const ownWords = exampleConfig({
    texts: {
      callClosed: 'The summer call closed on 31 March. See you next year!',
    },
  });
  const { html } = renderUnavailableCallPage(
    { title: 'Summer on the coast 2027', status: 'closed' },
    { ...look, config: ownWords },
  );
  expect(html).toContain(
    '<h1 class="step__heading">Summer on the coast 2027</h1>',
  );
  expect(textOf(html)).toContain(
    'The summer call closed on 31 March. See you next year!',
  );
  expect(html).toContain(
    `<a class="button button--primary call-page__link" href="/calls">${defaultTexts.seeOpenCalls}</a>`,
  );
  expect(html).toContain(
    '<title>Summer on the coast 2027 · Visit Aldmere Coast</title>',
  );
  expect(html).not.toMatch(/<form|<input|<script/);
});

test('a scheduled call says when it opens', () => {
  const { html } = renderUnavailableCallPage(
    {
      title: 'Winter food trail',
      status: 'scheduled',
      opensAt: '2027-10-01T08:00:00Z',
    },
    look,
  );
  expect(html).toContain(
    'Applications for this call open on <time datetime="2027-10-01T08:00:00.000Z">October 1, 2027 at 8:00 AM UTC</time>.',
  );
  expect(html).toContain(
    '<meta name="description" content="Applications for this call open on October 1, 2027 at 8:00 AM UTC.">',
  );
  expect(html).not.toContain(defaultTexts.callClosed);
});

test('a page carries the theme, the wizard’s stylesheet and its own rules in its one style element', () => {
  const themed = exampleConfig({ theme: { brand: '#123456' } });
  const page = renderCallsPage([summer], { ...look, config: themed });
  expect(page.style).toBe(publicPageStyleOf({ ...look, config: themed }));
  expect(page.style).toMatch(/^:root\{[^}]*--color-brand:#123456;/);
  expect(page.style).toContain('.wizard{display:grid}');
  expect(page.html.match(/<style>/g)).toHaveLength(1);
  expect(page.html).toContain(`<style>${page.style}</style>`);
});

test('a call without a summary of its own is summed up by its form’s Welcome paragraph; its cover is its form’s first', () => {
  const call = {
    slug: 'summer-2027',
    title: 'Summer on the coast',
    summary: '',
    closesAt: '2027-03-31T22:00:00.000Z',
  };
  expect(cardOfCall(call, config)).toEqual({
    ...call,
    summary:
      'Complete this simple two-step application to be considered for a future influencer partnership with Visit Aldmere Coast.',
    cover: config.coverImages[0],
  });
  expect(
    cardOfCall({ ...call, summary: 'Five creators, June to August.' }, config)
      .summary,
  ).toBe('Five creators, June to August.');
});
