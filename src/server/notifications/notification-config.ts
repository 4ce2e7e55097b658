import * as z from 'zod/mini';
import { formatIssuePath, type ConfigIssue } from '#engine/config-schema.ts';
import { decisionPlaceholders } from '#review-api/messages.ts';

/**
 * The messages the organisation sends, with the placeholders each may use. A placeholder is a
 * name in braces, `{firstName}`; one a template does not offer stops start-up, so a typo never
 * reaches an inbox.
 */
export const templatePlaceholders = {
  newApplication: [
    'name',
    'country',
    'platforms',
    'reach',
    'applicationUrl',
    'organisation',
  ],
  receipt: ['firstName', 'name', 'organisation'],
  accepted: decisionPlaceholders,
  declined: decisionPlaceholders,
  digest: ['count', 'list', 'workspaceUrl', 'organisation'],
} as const;

export type TemplateName = keyof typeof templatePlaceholders;
/** `button`: the label of the e-mail's one button-styled link, to its main action. */
export type Template = { subject: string; body: string; button: string };

/** English defaults: warm, specific, and short enough to read on a phone. */
const defaultTemplates: Record<TemplateName, Template> = {
  newApplication: {
    subject: 'New application: {name}',
    button: 'Read the application',
    body: '{name} ({country}) applied to {organisation}.\n\nPlatforms: {platforms}\nTotal reach: {reach}\n\nRead the application in the workspace:\n{applicationUrl}',
  },
  receipt: {
    subject: 'We have your application, {firstName}',
    button: 'Visit the creator hub',
    body: 'Hello {firstName},\n\nthank you for applying to work with {organisation}. Your application has arrived safely.\n\nWhat happens next: our team reads every application, and we write to you at this address once we have decided, usually within two weeks. There is nothing more you need to do.\n\nWarm regards,\nThe {organisation} team',
  },
  accepted: {
    subject: 'Welcome aboard, {firstName}',
    button: 'Visit the creator hub',
    body: 'Hello {firstName},\n\nwe loved your application, and we would be delighted to work with you. Someone from the {organisation} team will write to you in the next few days to talk about dates, ideas and what we can offer.\n\nWarm regards,\nThe {organisation} team',
  },
  declined: {
    subject: 'Your application to {organisation}',
    button: 'Visit the creator hub',
    body: 'Hello {firstName},\n\nthank you for the time you gave to your application. We read it with care, and this time we will not be going ahead: we had many more applications than places, and we chose creators whose audiences match this season\u2019s plans most closely.\n\nThis is not a verdict on your work. We plan new campaigns every season, and you are welcome to apply again.\n\nWarm regards,\nThe {organisation} team',
  },
  digest: {
    subject: '{count} new applications to {organisation}',
    button: 'Open the workspace',
    body: 'New applications in the last day:\n\n{list}\n\nOpen the workspace:\n{workspaceUrl}',
  },
};

const placeholderPattern = /\{(\w+)\}/g;

function templateSchema(name: TemplateName) {
  const allowed: readonly string[] = templatePlaceholders[name];
  const text = z.string().check(
    z.trim(),
    z.minLength(1),
    z.refine(
      (value) =>
        [...value.matchAll(placeholderPattern)].every((match) =>
          allowed.includes(match[1] ?? ''),
        ),
      `may use only these placeholders: ${allowed.map((placeholder) => `{${placeholder}}`).join(', ')}`,
    ),
  );
  // The button's label is optional: a template written before buttons keeps the default label.
  return z.optional(
    z.strictObject({ subject: text, body: text, button: z.optional(text) }),
  );
}

const notificationsSchema = z._default(
  z.strictObject({
    staffEmails: z._default(z.array(z.email()), []),
    confirmApplicant: z._default(z.boolean(), false),
    templates: z._default(
      z.strictObject({
        newApplication: templateSchema('newApplication'),
        receipt: templateSchema('receipt'),
        accepted: templateSchema('accepted'),
        declined: templateSchema('declined'),
        digest: templateSchema('digest'),
      }),
      {},
    ),
  }),
  { staffEmails: [], confirmApplicant: false, templates: {} },
);

export type NotificationConfig = {
  staffEmails: string[];
  confirmApplicant: boolean;
  templates: Record<TemplateName, Template>;
};

/** What a configuration without `notifications` means: no shared inbox, no receipt, default texts. */
export const defaultNotificationConfig: NotificationConfig = {
  staffEmails: [],
  confirmApplicant: false,
  templates: defaultTemplates,
};

export type NotificationParseResult =
  | { ok: true; notifications: NotificationConfig }
  | { ok: false; problems: string[]; issues: ConfigIssue[] };

/** The configuration's `notifications`, validated; each problem names its JSON path. */
export function parseNotificationConfig(
  input: unknown,
): NotificationParseResult {
  const result = notificationsSchema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: formatIssuePath(['notifications', ...issue.path]),
      message: issue.message,
    }));
    return {
      ok: false,
      issues,
      problems: issues.map((issue) => `${issue.path}: ${issue.message}`),
    };
  }
  const { templates, ...rest } = result.data;
  return {
    ok: true,
    notifications: {
      ...rest,
      templates: withDefaults(templates),
    },
  };
}

/** Each template as configured, with the default of whatever it leaves out. */
function withDefaults(
  given: Partial<Record<TemplateName, Partial<Template> | undefined>>,
): Record<TemplateName, Template> {
  const names = Object.keys(defaultTemplates) as TemplateName[];
  return Object.fromEntries(
    names.map((name) => [
      name,
      { ...defaultTemplates[name], ...pickDefined(given[name] ?? {}) },
    ]),
  ) as Record<TemplateName, Template>;
}

function pickDefined<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
