import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import {
  checkWizardConfig,
  type ConfigIssue,
  type WizardConfig,
} from '#engine/config-schema.ts';
import { removeBlock } from './block-factory.ts';
import { describeProblems, type Problem } from './problem-words.ts';

// The example as the editor may hold it: any JSON, valid or not.
type Draft = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const example = (): Draft =>
  JSON.parse(readFileSync('config/example.wizard.json', 'utf8')) as Draft;

/** The check's issues of the example after `change`, and the problems they read as. */
function problemsAfter(
  change: (draft: Draft) => void,
  extra: ConfigIssue[] = [],
) {
  const draft = example();
  change(draft);
  const checked = checkWizardConfig(draft);
  const issues = [...(checked.ok ? [] : checked.issues), ...extra];
  return describeProblems(draft as WizardConfig, issues);
}

const onlyProblem = (change: (draft: Draft) => void, extra?: ConfigIssue[]) => {
  const problems = problemsAfter(change, extra);
  expect(problems).toHaveLength(1);
  return problems[0] as Problem;
};

/** More Details' first question, with its rule, stored at another key. */
function storeFirstQuestionAt(draft: Draft, path: string) {
  draft.steps[2].blocks[0].data.path = path;
  draft.formItems[6].path = path;
}

/** Where the Country question sits in the example: General Information, fifth block. */
const country = { step: 1, block: 4 };

// Every message the engine's check gives, with what each reads as. The check (config-schema.ts,
// placements.ts) gives "Invalid input" for whatever its schema refuses, since the browser's zod
// carries no messages, and these of its own:
//   no block shows "…" (a rule's answer, a condition's answer)
//   "…" is not an answer this block can hold: … (a kind's place; a multi select's values)
//   "…" is bound twice: … is there too (another block; a platform)
//   only one platforms block is allowed
//   expected N image(s) (singleCoverImg is …)
//   A on B has contrast R:1, below WCAG AA 4.5:1
//   "platform" is required but not offered
//   must be 1-64 letters, digits, _ or -
//   must be an http(s) URL or a path starting with /
//   must be a colour like #0b5d66
// and the editor's own (a cover's description) and the server's for the e-mails (placeholders, addresses).

test('the Country question removed: the State question needs it, said in words at the State question’s condition', () => {
  const problem = onlyProblem((draft) =>
    removeBlock(draft as WizardConfig, country.step, country.block),
  );
  expect(problem).toEqual({
    text: 'The “Country” question is needed by the “State or province” question, which shows only depending on its answer: add the “Country” question back, or change “Show only when”.',
    path: 'formItems[4].showOnCondition.path',
    step: 1,
    block: 4,
    field: 'formItems[4].showOnCondition.path',
  });
});

test('rules left for a question no longer in the form, and a condition that disables on it', () => {
  const problems = problemsAfter((draft) => {
    draft.steps[1].blocks.splice(country.block, 1);
    draft.formItems[6].disableOnCondition = {
      path: 'fields.single.favouriteSeason',
      equals: 'Winter',
    };
  });
  expect(problems.map(({ text }) => text)).toEqual([
    'The “Country” question is no longer in the form, but rules for it remain: add it back.',
    'The “Country” question is needed by the “State or province” question, which shows only depending on its answer: add the “Country” question back, or change “Show only when”.',
    'The “Favourite season” question is needed by the “What content angle or interest would you bring?” question, which is disabled depending on its answer: add the “Favourite season” question back, or change “Disable when”.',
  ]);
  expect(problems[0]).toEqual({
    text: problems[0]?.text,
    path: 'formItems[4].path',
  });
  expect(problems[2]).toMatchObject({
    step: 2,
    block: 0,
    field: 'formItems[6].disableOnCondition.path',
  });
});

const cases: Array<
  [string, (draft: Draft) => void, string, Omit<Problem, 'text' | 'path'>]
> = [
  [
    'an empty question',
    (draft: Draft) => (draft.steps[2].blocks[0].data.label = ' '),
    'The wording of the text question at place 1 of the step “More Details” is empty.',
    { step: 2, block: 0, field: 'steps[2].blocks[0].data.label' },
  ],
  [
    'an empty step name',
    (draft: Draft) => (draft.steps[2].name = ''),
    'The name of step 3 is empty.',
    { step: 2, field: 'steps[2].name' },
  ],
  [
    'no title',
    (draft: Draft) => delete draft.title,
    'The form’s title is missing.',
    { field: 'title' },
  ],
  [
    'a language that is no code',
    (draft: Draft) => (draft.lang = 'English'),
    'The language must be a language code, like en or en-GB.',
    { field: 'lang' },
  ],
  [
    'two steps',
    (draft: Draft) => {
      draft.steps.splice(1, 2);
      draft.formItems = [];
    },
    'The form needs at least three steps: the welcome, one or more steps of questions, and the last step.',
    {},
  ],
  [
    'five covers',
    (draft: Draft) => draft.coverImages.push(draft.coverImages[0]),
    'The form has 5 covers: it takes from 1 to 4.',
    {},
  ],
  [
    'a cover of no size',
    (draft: Draft) => (draft.coverImages[1].width = 0),
    'Cover 2’s size must be a whole number above 0.',
    { field: 'coverImages[1].width' },
  ],
  [
    'a block setting the editor does not know',
    (draft: Draft) => (draft.steps[2].blocks[0].data.colour = 'red'),
    'The “What content angle or interest would you bring?” question has a setting the editor does not know: ask a developer to remove it.',
    { step: 2, block: 0 },
  ],
  [
    'a block of no known kind',
    (draft: Draft) => (draft.steps[2].blocks[0].component = 'video'),
    'The block at place 1 of the step “More Details” is not valid.',
    { step: 2, block: 0 },
  ],
  [
    'a choice without options',
    (draft: Draft) => (draft.steps[2].blocks[2].data.options = []),
    'The options of the “What support are you looking for from us?” question: there are none, and at least one is needed.',
    { step: 2, block: 2, field: 'steps[2].blocks[2].data.options' },
  ],
  [
    'no platform offered',
    (draft: Draft) => (draft.platforms = { offered: [], required: [] }),
    'The offered platforms: there are none, and at least one is needed.',
    {},
  ],
  [
    'a check the engine does not know',
    (draft: Draft) => (draft.formItems[6].validators = ['postcode']),
    'A check of the “What content angle or interest would you bring?” question is not valid.',
    { step: 2, block: 0, field: 'formItems[6].validators' },
  ],
  [
    'a condition of no known shape',
    (draft: Draft) =>
      (draft.formItems[6].showOnCondition = {
        path: 'personalInfo.city',
        is: 'Oslo',
      }),
    '“Show only when” of the “What content angle or interest would you bring?” question is not valid.',
    { step: 2, block: 0, field: 'formItems[6].showOnCondition.path' },
  ],
  [
    'a page id with spaces',
    (draft: Draft) => (draft.pageId = 'spring trip'),
    'The page’s id may hold only letters, digits, _ and -, from 1 to 64 of them.',
    { field: 'pageId' },
  ],
  [
    'a sign-up address that is a script',
    (draft: Draft) => (draft.signInUrl = 'javascript:alert(1)'),
    'The sign-up address must be a web address starting with https:// or a path on this site starting with /.',
    { field: 'signInUrl' },
  ],
  [
    'a colour by name',
    (draft: Draft) => (draft.theme = { brand: 'teal' }),
    'The brand colour must be a colour written like #0b5d66.',
    { field: 'theme.brand' },
  ],
  [
    'white text',
    (draft: Draft) => (draft.theme = { text: '#767676' }),
    'The text colour and the grey background colour are too alike to read one on the other: their contrast is 4.12:1, and at least 4.5:1 is needed.',
    { field: 'theme.text' },
  ],
  [
    'a platform required but not offered',
    (draft: Draft) =>
      (draft.platforms = { offered: ['instagram'], required: ['tiktok'] }),
    'TikTok is required but not offered: offer it, or stop requiring it.',
    {},
  ],
  [
    'a text question storing its answer where none can',
    (draft: Draft) => storeFirstQuestionAt(draft, 'notes'),
    'The answer key of the “What content angle or interest would you bring?” question is not one this kind of block can store its answer under: change it under Advanced.',
    { step: 2, block: 0, field: 'steps[2].blocks[0].data.path' },
  ],
  [
    'a multi choice whose option holds a comma',
    (draft: Draft) =>
      draft.steps[2].blocks.unshift({
        component: 'select',
        data: {
          path: 'fields.multi.seasons',
          label: 'Seasons',
          multiple: true,
          options: [{ name: 'Spring, early', value: 'Spring, early' }],
        },
      }),
    'The options of the “Seasons” question cannot contain “, ” while several may be chosen: the answers are sent joined by it.',
    { step: 2, block: 0, field: 'steps[2].blocks[0].data.path' },
  ],
  [
    'two questions storing one answer',
    (draft: Draft) => {
      draft.steps[2].blocks[1].data.path = 'fields.single.whatContent';
      draft.formItems[7].path = 'fields.single.whatContent';
    },
    'The “What deliverables do you intend to create?” question stores its answer where the “What content angle or interest would you bring?” question does: change the answer key of one of them under Advanced.',
    { step: 2, block: 1, field: 'steps[2].blocks[1].data.path' },
  ],
  [
    'a question storing its answer where a platform’s go',
    (draft: Draft) => {
      draft.platforms = { offered: ['linkedin'], required: [] };
      storeFirstQuestionAt(draft, 'fields.single.linkedin');
    },
    'The “What content angle or interest would you bring?” question stores its answer where the LinkedIn platform’s answers go: change the answer key of one of them under Advanced.',
    { step: 2, block: 0, field: 'steps[2].blocks[0].data.path' },
  ],
  [
    'two platforms blocks',
    (draft: Draft) =>
      draft.steps[2].blocks.push({
        component: 'platforms',
        data: { label: 'More' },
      }),
    'The form has more than one platforms block: keep only one.',
    {},
  ],
  [
    'one cover while each step has its own',
    (draft: Draft) => draft.coverImages.splice(1),
    'The form needs 4 covers and has 1: add the others, or turn on “One cover for every step”.',
    {},
  ],
  [
    'two covers with one for every step',
    (draft: Draft) => {
      draft.singleCoverImg = true;
      draft.coverImages.splice(2);
    },
    'With “One cover for every step” on, the form takes one cover; it has 2: remove the others.',
    {},
  ],
  [
    'a translation of a footer link removed since',
    (draft: Draft) => {
      draft.languages = ['en', 'de'];
      draft.translations = { de: { 'footerLinks.9.title': 'Impressum' } };
    },
    'The German translations hold one of a text the form no longer has: remove it under Translations.',
    { field: 'translations.de.footerLinks.9.title' },
  ],
  [
    'translations into a language the form does not offer',
    (draft: Draft) => {
      draft.translations = { fr: { title: 'Postuler' } };
    },
    'The form has translations into French but does not offer it: add it under Translations.',
    { field: 'translations.fr' },
  ],
];

test.each(cases)('%s reads in words', (_, change, text, place) => {
  const { text: read, path: __, ...where } = onlyProblem(change);
  expect(read).toBe(text);
  expect(where).toEqual(place);
});

test('the editor’s own problem and the server’s e-mail problems read in words', () => {
  const problems = describeProblems(example() as WizardConfig, [
    {
      path: 'coverImages[0].alt',
      message: 'Describe the image for people who cannot see it.',
    },
    {
      path: 'notifications.templates.receipt.subject',
      message: 'may use only these placeholders: {name}, {title}',
    },
    { path: 'notifications.staffEmails[1]', message: 'Invalid email address' },
  ]);
  expect(problems).toEqual([
    {
      text: 'Cover 1’s description is empty. Describe the image for people who cannot see it.',
      path: 'coverImages[0].alt',
      field: 'coverImages[0].alt',
    },
    {
      text: 'The subject of an e-mail on the E-mails tab may use only these placeholders: {name}, {title}.',
      path: 'notifications.templates.receipt.subject',
      field: 'notifications.templates.receipt.subject',
    },
    {
      text: 'Staff address 2 on the E-mails tab is missing.',
      path: 'notifications.staffEmails[1]',
    },
  ]);
});

test('no problem shows a key, a JSON path or the check’s own words', () => {
  const problems = problemsAfter((draft) => {
    draft.steps[1].blocks.splice(country.block, 1);
    draft.steps[2].blocks[0].data.path = 'notes';
    draft.steps[2].blocks[1].data.label = '';
    draft.theme = { brand: 'teal' };
  });
  expect(problems).toHaveLength(6);
  for (const { text } of problems)
    expect(text).not.toMatch(
      /fields\.|personalInfo|formItems|steps\[|Invalid input|no block shows|"/,
    );
});

test('a hidden field named like a parameter the form reads, or against the rule, is named by its place and found under General', () => {
  expect(
    onlyProblem((draft) => (draft.hiddenFields = ['partner', 'lang'])),
  ).toEqual({
    text: 'The hidden field “lang” has a name the form reads from its address for itself: remove it under General.',
    path: 'hiddenFields[1]',
  });
  expect(onlyProblem((draft) => (draft.hiddenFields = ['Partner'])).text).toBe(
    'Hidden field 1 is not valid.',
  );
});
