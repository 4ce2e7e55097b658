import type { TextKey } from './texts.ts';

/** The WHATWG e-mail pattern, with a dot required in the domain so `ada@localhost` is refused. */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** A host part of 2 to 256 characters and a top-level domain of 2 to 6 letters (docs/decisions/001). */
const websiteUrlPattern =
  /^(?:https?:\/\/)?(?:www\.)?[-a-z0-9@:%._+~#=]{2,256}\.[a-z]{2,6}\b[-a-z0-9@:%_+.~#?&/=]*$/i;

const digitsPattern = /^\d+$/;
const zipPattern = /^[\d -]+$/;
const phoneTextPattern = /^\+?[\d ().-]{6,24}$/;
const urlLikeHandle = /:\/\/|\/|^www\./i;

/** Length caps, the same in the browser and on the server (README "Length caps"). */
export const maxLengths = {
  line: 300,
  multiline: 4000,
  handle: 100,
  count: 15,
  url: 2048,
} as const;

export type Check = (value: string) => TextKey | null;

const loneSurrogate =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text no database keeps as sent is refused in every answer: NUL (PostgreSQL's text and jsonb
 * refuse it) and a UTF-16 surrogate without its pair (not Unicode, so not UTF-8 either). Both come
 * from a paste, never from typing, and cannot be seen in the field.
 */
export const checkStorable: Check = (value) =>
  value.includes('\u0000') || loneSurrogate.test(value)
    ? 'unstorableText'
    : null;

/** Whether `value` is an e-mail address by the rule the form checks applicants' with. */
export const isEmailAddress = (value: string) => emailPattern.test(value);

export const checkEmail: Check = (value) =>
  isEmailAddress(value.trim()) ? null : 'email';

export const checkDigits: Check = (value) =>
  digitsPattern.test(value.trim()) ? null : 'digitsOnly';

export const checkZip: Check = (value) =>
  zipPattern.test(value.trim()) ? null : 'zip';

/** Followers and traffic counts: digits only, with the specification's message. */
export const checkCount: Check = (value) =>
  digitsPattern.test(value.trim()) ? null : 'followers';

// ASVS 1.2.2: a scheme other than http(s) (`javascript:`, `data:`) never passes, even when the rest looks like a host.
const otherScheme = /^(?!https?:\/\/)[a-z][a-z0-9+.-]*:/i;

export const checkWebsiteUrl: Check = (value) => {
  const url = value.trim();
  return url.length <= maxLengths.url &&
    !otherScheme.test(url) &&
    websiteUrlPattern.test(url)
    ? null
    : 'websiteUrl';
};

/** A handle such as `ada.travels` or `@ada`; anything with a scheme, a slash or `www.` is a URL. */
export const checkHandle: Check = (value) =>
  urlLikeHandle.test(value.trim()) ? 'handle' : null;

export const checkPhoneText: Check = (value) => {
  const trimmed = value.trim();
  const digitCount = trimmed.replace(/\D/g, '').length;
  return phoneTextPattern.test(trimmed) && digitCount >= 6 ? null : 'phoneText';
};

export type PhoneValue = { countryCode: string; subscriber: string };
export type PhoneIssue = {
  part: 'countryCode' | 'subscriber';
  message: TextKey;
};

/** Whether a phone is answered at all: its number is filled. */
export const hasPhoneNumber = (phone: PhoneValue) =>
  phone.subscriber.trim() !== '';

/**
 * A digits-only number, which requires its calling code; `isRequired` requires the number. A
 * calling code alone is no answer: the picker always shows one, so it says nothing of the applicant.
 */
export function checkPhone(
  phone: PhoneValue,
  isRequired: boolean,
): PhoneIssue[] {
  if (!hasPhoneNumber(phone))
    return isRequired
      ? [{ part: 'subscriber', message: 'phoneSubscriberRequired' }]
      : [];
  const issues: PhoneIssue[] = [];
  if (phone.countryCode.trim() === '')
    issues.push({ part: 'countryCode', message: 'phoneCodeRequired' });
  if (!digitsPattern.test(phone.subscriber.trim()))
    issues.push({ part: 'subscriber', message: 'digitsOnly' });
  return issues;
}
