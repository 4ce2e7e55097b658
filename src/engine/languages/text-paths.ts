import type { WizardConfig } from '../config-schema.ts';
import { defaultTexts, type TextKey } from '../texts.ts';

/** The e-mails an applicant reads, and so the ones a form translates; staff read the form's own language. */
export const applicantTemplateNames = [
  'receipt',
  'accepted',
  'declined',
  'meLink',
  'resumeLink',
  'alreadyApplied',
] as const;
export type ApplicantTemplateName = (typeof applicantTemplateNames)[number];

const templateParts = ['subject', 'body', 'button'] as const;

/** The text keys of the wizard's own messages, in the order the editor lists them. */
const textKeys = Object.keys(defaultTexts) as TextKey[];

/** Where a text of the form stands, and the text it holds there in the form's own language. */
export type TextAt = {
  /** Its JSON path, dotted, array indices as numbers: `steps.1.blocks.0.data.label`. */
  path: string;
  /** The form's own text, or undefined where the form keeps the product's built-in one. */
  text: string | undefined;
};

type Config = Pick<
  WizardConfig,
  | 'title'
  | 'steps'
  | 'coverImages'
  | 'logo'
  | 'buttonText'
  | 'submitErrorText'
  | 'footerLinks'
  | 'texts'
  | 'notifications'
>;

const blockTextKeys = ['text', 'label', 'hint', 'placeholder'] as const;

/** A template part the form writes itself: `notifications.templates.receipt.subject`. */
function ownTemplateText(
  notifications: unknown,
  name: string,
  part: string,
): string | undefined {
  const templates = (notifications as { templates?: unknown } | undefined)
    ?.templates;
  const template = (templates as Record<string, unknown> | undefined)?.[name];
  const text = (template as Record<string, unknown> | undefined)?.[part];
  return typeof text === 'string' ? text : undefined;
}

/**
 * Every text of a form an applicant may read, by path: what a translation may name, and nothing
 * else. Texts the product writes (`texts.*`, the applicant's e-mails) are paths whether or not
 * the form changes them, since a language may need them even when the form's own does not.
 */
export function textsOf(config: Config): TextAt[] {
  const found: TextAt[] = [{ path: 'title', text: config.title }];
  const add = (path: string, text: string | undefined) => {
    if (text !== undefined && text !== '') found.push({ path, text });
  };
  config.steps.forEach((step, stepIndex) => {
    const at = `steps.${stepIndex}`;
    add(`${at}.name`, step.name);
    add(`${at}.heading`, step.heading);
    add(`${at}.footer`, step.footer);
    add(`${at}.continueButtonText`, step.continueButtonText);
    step.blocks.forEach((block, blockIndex) => {
      const data = block.data as Record<string, unknown>;
      const blockAt = `${at}.blocks.${blockIndex}.data`;
      for (const key of blockTextKeys)
        if (typeof data[key] === 'string') add(`${blockAt}.${key}`, data[key]);
      const followUp = data.followUp as { label?: string } | undefined;
      add(`${blockAt}.followUp.label`, followUp?.label);
      const options = data.options as
        | string
        | ReadonlyArray<{ name: string }>
        | { sets: Record<string, { label: string; options: unknown }> }
        | undefined;
      if (Array.isArray(options))
        options.forEach((option: { name: string }, index) =>
          add(`${blockAt}.options.${index}.name`, option.name),
        );
      else if (options && typeof options === 'object' && 'sets' in options)
        for (const [answer, set] of Object.entries(options.sets)) {
          add(`${blockAt}.options.sets.${answer}.label`, set.label);
          if (Array.isArray(set.options))
            set.options.forEach((option: { name: string }, index) =>
              add(
                `${blockAt}.options.sets.${answer}.options.${index}.name`,
                option.name,
              ),
            );
        }
    });
  });
  config.coverImages.forEach((image, index) =>
    add(`coverImages.${index}.alt`, image.alt),
  );
  add('logo.alt', config.logo?.alt);
  config.footerLinks.forEach((link, index) =>
    add(`footerLinks.${index}.title`, link.title),
  );
  // A text the form names more specifically (`buttonText.continue` over `texts.continue`) is
  // translated where the form writes it, so a translation never loses to the form's own words.
  const specific: Partial<Record<TextKey, string | undefined>> = {
    continue: config.buttonText.continue && 'buttonText.continue',
    signIn: config.buttonText.signIn && 'buttonText.signIn',
    back: config.buttonText.back && 'buttonText.back',
    submitError: config.submitErrorText && 'submitErrorText',
  };
  for (const key of textKeys) {
    const path = specific[key];
    found.push(
      path
        ? {
            path,
            text:
              path === 'submitErrorText'
                ? config.submitErrorText
                : config.buttonText[key as 'continue'],
          }
        : { path: `texts.${key}`, text: config.texts[key] },
    );
  }
  for (const name of applicantTemplateNames)
    for (const part of templateParts)
      found.push({
        path: `notifications.templates.${name}.${part}`,
        text: ownTemplateText(config.notifications, name, part),
      });
  return found;
}
