import type { WizardConfig } from './config-schema.ts';

/** What the workspace page needs of the wizard's configuration: whose workspace it is. */
export type ReviewPageConfig = {
  lang: string;
  organisation: string;
  logo: WizardConfig['logo'];
  /** The slug of the default call: the one `/` serves, whose form `/review/form` edits. */
  defaultCall: string;
};

export function reviewPageConfigOf(config: WizardConfig): ReviewPageConfig {
  return {
    defaultCall: config.pageId,
    lang: config.lang,
    organisation: config.logo?.alt ?? config.title,
    logo: config.logo,
  };
}

/** The workspace's address of the sign-in page; every other workspace page leads there signed out. */
export const signInPath = '/review/sign-in';

/** Where an account that must set up two-step sign-in is sent, and kept until it has. */
export const twoStepSetupPath = '/review/two-step';

/** Where an invitation link leads; like sign-in, it opens signed out. */
export const joinPath = '/review/join';

/**
 * Where to go after signing in: the workspace address that was asked for, never another site's
 * (an open redirect would let a link borrow this site's name).
 */
export function returnPathAfterSignIn(next: string | null | undefined): string {
  return next &&
    /^\/review(?:[/?#]|$)/.test(next) &&
    !next.startsWith(signInPath) &&
    !next.startsWith(joinPath) &&
    !next.startsWith(twoStepSetupPath)
    ? next
    : '/review';
}
