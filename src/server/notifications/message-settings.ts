import type { NotificationConfig } from './notification-config.ts';

/** Where messages go, and what they say about whom; absent channels send nothing. */
export type MessageSettings = {
  notifications: NotificationConfig;
  organisation: string;
  /** The title of the call whose form these settings are, which `{callTitle}` stands for. */
  callTitle: string;
  lang: string;
  /** The origin links in messages point to. */
  publicOrigin: string;
  /** The organisation's logo atop every e-mail: an address any mail client can load, and its size. */
  logo: { url: string; width: number; height: number } | undefined;
  /** The colour of an e-mail's button; white text on it meets AA contrast (the theme's check). */
  brandColour: string;
  /** The external creator sign-up page, the main action of the e-mails to applicants. */
  signInUrl: string;
  isEmailOn: boolean;
  webhookUrl: string | undefined;
  /** A staff member's signed one-click unsubscribe address, once the signing key is loaded. */
  unsubscribeUrlOf?: ((staffId: string) => string) | undefined;
};
