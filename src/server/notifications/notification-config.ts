import * as z from 'zod/mini';
import {
  defaultTemplates,
  templatePlaceholders,
  type Template,
  type TemplateName,
} from '#engine/email-templates.ts';
import { formatIssuePath, type ConfigIssue } from '#engine/config-schema.ts';
import { isEmailAddress } from '#engine/validators.ts';

export type { Template };

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
    staffEmails: z._default(
      z.array(
        z
          .string()
          .check(z.refine(isEmailAddress, 'Expected an e-mail address')),
      ),
      [],
    ),
    confirmApplicant: z._default(z.boolean(), false),
    templates: z._default(
      z.strictObject({
        newApplication: templateSchema('newApplication'),
        receipt: templateSchema('receipt'),
        accepted: templateSchema('accepted'),
        declined: templateSchema('declined'),
        digest: templateSchema('digest'),
        meLink: templateSchema('meLink'),
        resumeLink: templateSchema('resumeLink'),
        alreadyApplied: templateSchema('alreadyApplied'),
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
