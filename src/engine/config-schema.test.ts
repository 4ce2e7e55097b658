import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { blockPaths } from './block-paths.ts';
import { contrastRatio } from './theme-colours.ts';
import {
  checkWizardConfig,
  formatIssuePath,
  parseIssuePath,
  parseWizardConfig,
  type Block,
} from './config-schema.ts';
import {
  exampleWith,
  toWizardJson,
  withExtraAnswers,
} from '../../tests/support/wizard-configs.ts';

const example = JSON.parse(
  readFileSync(
    new URL('../../config/example.wizard.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown> & {
  steps: { blocks: { data: Record<string, unknown> }[] }[];
};

// A broken configuration is explained to the person starting the server, in zod's English messages,
// which the server loads at start-up; the browser never shows them.
z.config(en());

const cover = { src: '/cover.webp', alt: '', width: 1, height: 1 };

function minimal(overrides: Record<string, unknown> = {}) {
  return {
    pageId: 'aldmere-creators',
    title: 'Creator Application',
    signInUrl: 'https://creators.example.com/sign-up',
    singleCoverImg: true,
    coverImages: [cover],
    steps: [
      { name: 'Welcome' },
      { name: 'Form', blocks: [] },
      { name: 'Done' },
    ],
    ...overrides,
  };
}

function problemsOf(input: unknown): string[] {
  const result = parseWizardConfig(input);
  return result.ok ? [] : result.problems;
}

function withFormBlocks(
  blocks: unknown[],
  overrides: Record<string, unknown> = {},
) {
  return minimal({
    steps: [{ name: 'Welcome' }, { name: 'Form', blocks }, { name: 'Done' }],
    ...overrides,
  });
}

// The browser takes the configuration the server parsed and wrote into the page as JSON, without
// parsing it again: that only holds while the parse's output, through JSON, is its own parse.
test('a parsed configuration, through JSON, parses to itself', () => {
  const result = parseWizardConfig(example);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  const embedded: unknown = JSON.parse(JSON.stringify(result.config));
  expect(embedded).toEqual(result.config);
  expect(parseWizardConfig(embedded)).toEqual(result);
});

test('parses the example configuration', () => {
  const result = parseWizardConfig(example);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.config.pageId).toBe('aldmere-creators');
  expect(result.config.skipFinalStep).toBe(false);
  expect(result.config.steps.map((step) => step.name)).toEqual([
    'Welcome',
    'General Information',
    'More Details',
    'Creator Hub',
  ]);
  expect(result.config.platforms).toEqual({
    offered: ['instagram', 'tiktok', 'youtube'],
    required: [],
  });
  expect(result.config.coverImages).toHaveLength(4);
});

test('fills every default of a minimal configuration', () => {
  const result = parseWizardConfig(minimal());
  expect(result).toEqual({
    ok: true,
    config: {
      pageId: 'aldmere-creators',
      title: 'Creator Application',
      lang: 'en',
      signInUrl: 'https://creators.example.com/sign-up',
      showLogo: true,
      centerLogo: false,
      centerFooterText: false,
      singleCoverImg: true,
      coverImages: [{ ...cover, sources: [] }],
      buttonText: {},
      footerLinks: [],
      formItems: [],
      insights: true,
      botCheck: false,
      hiddenFields: [],
      embed: { logo: false, footer: false },
      skipFinalStep: false,
      styleConfig: { backButtonStyle: 'plain', backArrowStyle: 'dark' },
      steps: [
        {
          name: 'Welcome',
          blocks: [],
          styles: { grayBg: false },
          hideConfirmButton: false,
        },
        {
          name: 'Form',
          blocks: [],
          styles: { grayBg: false },
          hideConfirmButton: false,
        },
        {
          name: 'Done',
          blocks: [],
          styles: { grayBg: false },
          hideConfirmButton: false,
        },
      ],
      texts: {},
      translations: {},
      platforms: { offered: ['instagram', 'tiktok', 'youtube'], required: [] },
      theme: {},
    },
  });
});

test('fills the defaults of a text input block', () => {
  const result = parseWizardConfig(
    withFormBlocks([
      {
        component: 'textInput',
        data: { path: 'fields.single.whatContent', label: 'What content?' },
      },
    ]),
  );
  expect(result.ok && result.config.steps[1]?.blocks[0]).toEqual({
    component: 'textInput',
    data: {
      path: 'fields.single.whatContent',
      label: 'What content?',
      multiline: false,
      half: false,
      inputType: 'text',
    },
  });
});

test('names the JSON path of a block bound to something that is not an answer', () => {
  expect(
    problemsOf(
      withFormBlocks([
        {
          component: 'textInput',
          data: { path: 'personalInfo.nickname', label: 'Nickname' },
        },
      ]),
    ),
  ).toEqual([
    'steps[1].blocks[0].data.path: "personalInfo.nickname" is not an answer this block can hold: a text input binds to a personal detail other than the phone, or to fields.single.<name> or fields.multi.<name>',
  ]);
});

test('names the JSON path of the example configuration when one of its blocks is broken', () => {
  const broken = structuredClone(example);
  const block = broken.steps[1]?.blocks[0];
  if (!block) throw new Error('the example has no first block on step 1');
  block.data.path = 'personalInfo.nickname';
  expect(problemsOf(broken)).toContain(
    'steps[1].blocks[0].data.path: "personalInfo.nickname" is not an answer this block can hold: a text input binds to a personal detail other than the phone, or to fields.single.<name> or fields.multi.<name>',
  );
});

test('names an unknown top-level key', () => {
  expect(problemsOf(minimal({ colour: 'teal' }))).toEqual([
    '(root): Unrecognized key: "colour"',
  ]);
});

test('names an unknown key inside a block', () => {
  expect(
    problemsOf(
      withFormBlocks([
        { component: 'text', data: { text: 'Hello', colour: 'teal' } },
      ]),
    ),
  ).toEqual(['steps[1].blocks[0].data: Unrecognized key: "colour"']);
});

test('names an unknown text key', () => {
  expect(problemsOf(minimal({ texts: { continueLabel: 'Go' } }))).toEqual([
    'texts: Unrecognized key: "continueLabel"',
  ]);
});

test('accepts an override of a known text', () => {
  const result = parseWizardConfig(minimal({ texts: { continue: 'Weiter' } }));
  expect(result.ok && result.config.texts).toEqual({ continue: 'Weiter' });
});

test('refuses a javascript: signInUrl', () => {
  expect(problemsOf(minimal({ signInUrl: 'javascript:alert(1)' }))).toEqual([
    'signInUrl: must be an http(s) URL or a path starting with /',
  ]);
});

test('refuses a protocol-relative footer link', () => {
  expect(
    problemsOf(
      minimal({
        footerLinks: [{ title: 'Privacy', url: '//evil.example/privacy' }],
      }),
    ),
  ).toEqual([
    'footerLinks[0].url: must be an http(s) URL or a path starting with /',
  ]);
});

test('accepts a same-site path as a link', () => {
  expect(
    problemsOf(
      minimal({
        footerLinks: [{ title: 'Privacy', url: '/privacy' }],
        signInUrl: '/sign-up',
      }),
    ),
  ).toEqual([]);
});

test('refuses a data: cover image', () => {
  expect(
    problemsOf(
      minimal({
        coverImages: [{ ...cover, src: 'data:image/png;base64,AAAA' }],
      }),
    ),
  ).toEqual([
    'coverImages[0].src: must be an http(s) URL or a path starting with /',
  ]);
});

test('refuses a formItem pointing to a path no block shows', () => {
  expect(
    problemsOf(
      minimal({
        formItems: [{ path: 'fields.single.nope', validators: ['required'] }],
      }),
    ),
  ).toEqual(['formItems[0].path: no block shows "fields.single.nope"']);
});

test('refuses a condition reading a path no block shows', () => {
  expect(
    problemsOf(
      withFormBlocks(
        [
          {
            component: 'textInput',
            data: { path: 'personalInfo.company', label: 'Company' },
          },
        ],
        {
          formItems: [
            {
              path: 'personalInfo.company',
              showOnCondition: {
                path: 'personalInfo.countryCode',
                equals: 'US',
              },
            },
            {
              path: 'personalInfo.company',
              disableOnCondition: {
                path: 'fields.single.freelance.value',
                equals: true,
              },
            },
          ],
        },
      ),
    ),
  ).toEqual([
    'formItems[0].showOnCondition.path: no block shows "personalInfo.countryCode"',
    'formItems[1].disableOnCondition.path: no block shows "fields.single.freelance.value"',
  ]);
});

test('accepts formItems on the value and follow-up paths of a yes/no block and on the phone', () => {
  expect(
    problemsOf(
      withFormBlocks(
        [
          {
            component: 'phone',
            data: { path: 'personalInfo.phone', label: 'Phone' },
          },
          {
            component: 'yesNo',
            data: {
              path: 'fields.single.press',
              label: 'Press?',
              followUp: { label: 'Which outlets?' },
            },
          },
        ],
        {
          formItems: [
            { path: 'personalInfo.phone', validators: ['required', 'phone'] },
            { path: 'fields.single.press.value', validators: ['required'] },
            {
              path: 'fields.single.press.text',
              validators: [{ name: 'maxLength', max: 500 }],
            },
          ],
        },
      ),
    ),
  ).toEqual([]);
});

test('refuses an unknown validator name', () => {
  expect(
    problemsOf(
      withFormBlocks(
        [
          {
            component: 'textInput',
            data: { path: 'personalInfo.zip', label: 'ZIP' },
          },
        ],
        {
          formItems: [{ path: 'personalInfo.zip', validators: ['postcode'] }],
        },
      ),
    ),
  ).toEqual(['formItems[0].validators[0]: Invalid input']);
});

test('refuses a maxItems validator that is not a positive whole number', () => {
  expect(
    problemsOf(
      withFormBlocks(
        [
          {
            component: 'textInput',
            data: { path: 'personalInfo.zip', label: 'ZIP' },
          },
        ],
        {
          formItems: [
            {
              path: 'personalInfo.zip',
              validators: [{ name: 'maxItems', max: 0 }],
            },
          ],
        },
      ),
    ),
  ).toEqual([
    'formItems[0].validators[0].max: Too small: expected number to be >0',
  ]);
});

test('refuses a required platform that is not offered', () => {
  expect(
    problemsOf(
      minimal({
        platforms: {
          offered: ['instagram', 'tiktok'],
          required: ['tiktok', 'linkedin'],
        },
      }),
    ),
  ).toEqual(['platforms.required[1]: "linkedin" is required but not offered']);
});

test('refuses a platform key outside the twelve', () => {
  expect(
    problemsOf(minimal({ platforms: { offered: ['myspace'], required: [] } })),
  ).toEqual([
    'platforms.offered[0]: Invalid option: expected one of "instagram"|"facebook"|"youtube"|"twitter"|"tiktok"|"twitch"|"website"|"pinterest"|"linkedin"|"snapchat"|"threads"|"reddit"',
  ]);
});

test('refuses two covers when four are expected', () => {
  expect(
    problemsOf(minimal({ singleCoverImg: false, coverImages: [cover, cover] })),
  ).toEqual(['coverImages: expected 4 images (singleCoverImg is false)']);
});

test('refuses four covers in single-image mode', () => {
  expect(
    problemsOf(
      minimal({
        singleCoverImg: true,
        coverImages: [cover, cover, cover, cover],
      }),
    ),
  ).toEqual(['coverImages: expected 1 image (singleCoverImg is true)']);
});

test('refuses a second platforms block', () => {
  expect(
    problemsOf(
      minimal({
        steps: [
          { name: 'Welcome' },
          {
            name: 'Form',
            blocks: [{ component: 'platforms', data: { label: 'Platforms' } }],
          },
          {
            name: 'More',
            blocks: [
              { component: 'platforms', data: { label: 'More platforms' } },
            ],
          },
        ],
      }),
    ),
  ).toEqual(['steps: only one platforms block is allowed']);
});

test('refuses an answer bound by two blocks', () => {
  expect(
    problemsOf(
      withFormBlocks([
        {
          component: 'textInput',
          data: { path: 'fields.single.whatContent', label: 'What content?' },
        },
        {
          component: 'textInput',
          data: { path: 'fields.single.whatContent', label: 'Again?' },
        },
      ]),
    ),
  ).toEqual([
    'steps[1].blocks[1].data.path: "fields.single.whatContent" is bound twice: steps[1].blocks[0] is there too',
  ]);
});

test('refuses a text input on the value path of a yes/no block', () => {
  expect(
    problemsOf(
      withFormBlocks([
        {
          component: 'yesNo',
          data: { path: 'fields.single.press', label: 'Press?' },
        },
        {
          component: 'textInput',
          data: { path: 'fields.single.press', label: 'Press' },
        },
      ]),
    ),
  ).toEqual([
    'steps[1].blocks[1].data.path: "fields.single.press" is bound twice: steps[1].blocks[0] is there too',
  ]);
});

test.each([
  [
    'a yes/no question among the personal details',
    {
      component: 'yesNo',
      data: { path: 'personalInfo.company', label: 'Company?' },
    },
    'a yes/no question binds to fields.single.<name> or fields.multi.<name>',
  ],
  [
    'a multi select among the personal details',
    {
      component: 'select',
      data: {
        path: 'personalInfo.city',
        label: 'Cities',
        options: 'countries',
        multiple: true,
      },
    },
    'a multi select binds to fields.single.<name> or fields.multi.<name>',
  ],
  [
    'a phone on a personal detail other than the phone',
    {
      component: 'phone',
      data: { path: 'personalInfo.company', label: 'Office' },
    },
    'a phone binds to personalInfo.phone, fields.single.<name> or fields.multi.<name>',
  ],
  [
    'a text input on the phone',
    {
      component: 'textInput',
      data: { path: 'personalInfo.phone', label: 'Phone' },
    },
    'a text input binds to a personal detail other than the phone, or to fields.single.<name> or fields.multi.<name>',
  ],
  [
    'a checkbox among the personal details',
    {
      component: 'checkbox',
      data: { path: 'personalInfo.zip', label: 'ZIP?' },
    },
    'a checkbox binds to agreement, fields.single.<name> or fields.multi.<name>',
  ],
  [
    'an answer nested below a fields group',
    {
      component: 'textInput',
      data: { path: 'fields.single.trip.notes', label: 'Notes' },
    },
    'a text input binds to a personal detail other than the phone, or to fields.single.<name> or fields.multi.<name>',
  ],
  [
    'a multi select whose values contain the joining ", "',
    {
      component: 'select',
      data: {
        path: 'fields.single.region',
        label: 'Regions',
        multiple: true,
        options: [{ name: 'North, coast', value: 'north, coast' }],
      },
    },
    'the values of a multi select cannot contain ", ", which joins them in the payload',
  ],
])('refuses %s, which the payload cannot carry', (_name, block, reason) => {
  const { path } = (block as { data: { path: string } }).data;
  expect(problemsOf(withFormBlocks([block]))).toEqual([
    `steps[1].blocks[0].data.path: "${path}" is not an answer this block can hold: ${reason}`,
  ]);
});

test('refuses a block where an offered platform travels under fields.single', () => {
  const blocks = [
    { component: 'platforms', data: { label: 'Platforms' } },
    {
      component: 'textInput',
      data: { path: 'fields.single.linkedin', label: 'LinkedIn' },
    },
  ];
  expect(
    problemsOf(
      withFormBlocks(blocks, {
        platforms: { offered: ['instagram', 'linkedin'], required: [] },
      }),
    ),
  ).toEqual([
    'steps[1].blocks[1].data.path: "fields.single.linkedin" is bound twice: the LinkedIn platform is there too',
  ]);
  expect(problemsOf(withFormBlocks(blocks))).toEqual([]);
});

test('accepts a second phone, a yes/no with follow-up, a multi select and a checkbox under fields.single', () => {
  expect(
    problemsOf(JSON.parse(toWizardJson(exampleWith(withExtraAnswers)))),
  ).toEqual([]);
});

test('refuses an unknown block component', () => {
  expect(
    problemsOf(withFormBlocks([{ component: 'video', data: {} }])),
  ).toEqual([
    "steps[1].blocks[0].component: Invalid discriminator value. Expected 'text' | 'sectionHeading' | 'textInput' | 'select' | 'phone' | 'platforms' | 'yesNo' | 'checkbox'",
  ]);
});

test('refuses a configuration with a single step', () => {
  expect(problemsOf(minimal({ steps: [{ name: 'Only' }] }))).toEqual([
    'steps: Too small: expected array to have >=3 items',
  ]);
});

test('refuses a page id that cannot sit in a URL', () => {
  expect(problemsOf(minimal({ pageId: 'a/b' }))).toEqual([
    'pageId: must be 1-64 letters, digits, _ or -',
  ]);
});

test('refuses a theme colour that is not a six-digit hex', () => {
  expect(problemsOf(minimal({ theme: { brand: 'teal' } }))).toEqual([
    'theme.brand: must be a colour like #0b5d66',
  ]);
});

test('refuses a blank title', () => {
  expect(problemsOf(minimal({ title: '   ' }))).toEqual([
    'title: Too small: expected string to have >=1 characters',
  ]);
});

test('accepts an empty requestUrl, which makes the send count as success', () => {
  const result = parseWizardConfig(minimal({ requestUrl: '' }));
  expect(result.ok && result.config.requestUrl).toBe('');
});

test('reports the root when the configuration is not an object', () => {
  expect(problemsOf('not a config')).toEqual([
    '(root): Invalid input: expected object, received string',
  ]);
});

test('formats issue paths the way a person reads JSON', () => {
  expect(formatIssuePath(['steps', 1, 'blocks', 0, 'data', 'path'])).toBe(
    'steps[1].blocks[0].data.path',
  );
  expect(formatIssuePath(['coverImages'])).toBe('coverImages');
  expect(formatIssuePath([0, 'src'])).toBe('[0].src');
  expect(formatIssuePath([])).toBe('');
});

test('reads an issue path back into the keys it was written from', () => {
  for (const keys of [
    ['steps', 1, 'blocks', 0, 'data', 'path'],
    ['coverImages'],
    [0, 'src'],
    ['texts', 'signIn'],
    [],
  ])
    expect(parseIssuePath(formatIssuePath(keys))).toEqual(keys);
});

test('lists the value paths a block binds', () => {
  const phone: Block = {
    component: 'phone',
    data: { path: 'personalInfo.phone', label: 'Phone' },
  };
  const yesNo: Block = {
    component: 'yesNo',
    data: {
      path: 'fields.single.press',
      label: 'Press?',
      followUp: { label: 'Which?', trigger: true, multiline: true },
    },
  };
  const plainYesNo: Block = {
    component: 'yesNo',
    data: { path: 'fields.single.animal', label: 'Animal?' },
  };
  const heading: Block = {
    component: 'sectionHeading',
    data: { text: 'Emergency contact' },
  };
  expect(blockPaths(phone)).toEqual([
    'personalInfo.phone.countryCode',
    'personalInfo.phone.subscriber',
  ]);
  expect(blockPaths(yesNo)).toEqual([
    'fields.single.press.value',
    'fields.single.press.text',
  ]);
  expect(blockPaths(plainYesNo)).toEqual(['fields.single.animal.value']);
  expect(blockPaths(heading)).toEqual([]);
});

test('refuses form items on a yes/no group path or a part of the phone, which no rule could apply', () => {
  expect(
    problemsOf(
      withFormBlocks(
        [
          {
            component: 'yesNo',
            data: { path: 'fields.single.animal', label: 'Animal?' },
          },
          {
            component: 'phone',
            data: { path: 'personalInfo.phone', label: 'Phone' },
          },
        ],
        {
          formItems: [
            { path: 'fields.single.animal', validators: ['required'] },
            { path: 'personalInfo.phone.subscriber', validators: ['required'] },
            { path: 'fields.single.animal.value', validators: ['required'] },
            { path: 'personalInfo.phone', validators: ['required', 'phone'] },
          ],
        },
      ),
    ),
  ).toEqual([
    'formItems[0].path: no block shows "fields.single.animal"',
    'formItems[1].path: no block shows "personalInfo.phone.subscriber"',
  ]);
});

test('needs at least three steps: Welcome, a form step and the last', () => {
  expect(
    problemsOf(minimal({ steps: [{ name: 'Welcome' }, { name: 'Done' }] })),
  ).toEqual(['steps: Too small: expected array to have >=3 items']);
});

test('accepts the default colours and a dark brand colour', () => {
  expect(problemsOf(minimal({ theme: { brand: '#1d4ed8' } }))).toEqual([]);
  expect(contrastRatio('#0b5d66', '#ffffff')).toBeGreaterThan(4.5);
});

test('refuses theme colours below WCAG AA contrast and names the colour', () => {
  expect(problemsOf(minimal({ theme: { brand: '#7dd3fc' } }))).toEqual([
    'theme.brand: brand on white has contrast 1.67:1, below WCAG AA 4.5:1',
    'theme.brand: brand on surfaceGray has contrast 1.51:1, below WCAG AA 4.5:1',
  ]);
  expect(problemsOf(minimal({ theme: { surface: '#333333' } }))).toContain(
    'theme.surface: text on surface has contrast 1.23:1, below WCAG AA 4.5:1',
  );
});

test('refuses a hidden field the form reads for itself, one listed twice, and a name no address can carry', () => {
  const result = checkWizardConfig({
    ...minimal(),
    hiddenFields: ['partner', 'lang', 'partner', 'Partner Name'],
  });
  expect(result.ok ? [] : result.issues).toEqual([
    {
      path: 'hiddenFields[3]',
      message:
        'Lower-case letters, digits and _, starting with a letter, at most 40',
    },
    {
      path: 'hiddenFields[1]',
      message: '"lang" is a parameter the form reads for itself',
    },
    { path: 'hiddenFields[2]', message: '"partner" is listed twice' },
  ]);
});
