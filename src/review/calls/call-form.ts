import * as z from 'zod/mini';
import { platformKeys, type PlatformKey } from '#engine/platforms.ts';
import type { Eligibility } from '#engine/calls.ts';
import {
  createCall,
  updateCall,
  type Call,
  type CallChanges,
  type NewCall,
} from '#review-api/calls.ts';
import { countries } from '#reference-data/countries.ts';
import { ApiError, messageOf } from '#review/lib/api.ts';

/**
 * A call's settings as its form holds them: text as typed, dates in the viewer's own time
 * (`2027-03-31T18:00`, what a `datetime-local` field writes), countries as codes in one line.
 */
export type CallFields = {
  slug: string;
  title: string;
  summary: string;
  opensAt: string;
  closesAt: string;
  places: string;
  minFollowers: string;
  countries: string;
  platforms: PlatformKey[];
  /** The call whose form the new one starts from. */
  copyFrom: string;
};

export type CallField = keyof CallFields;

/** Each field's message, and what names no field under `form`. */
export type CallFieldErrors = Partial<Record<CallField | 'form', string>>;

const pad = (number: number) => String(number).padStart(2, '0');

/** An instant as the viewer's own date and time, for a `datetime-local` field; none as ''. */
export function localFromIso(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The viewer's date and time as the instant it is: null for none, undefined when it is no date. */
export function isoFromLocal(local: string): string | null | undefined {
  const text = local.trim();
  if (text === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  // Without an offset, a date and time is read in the viewer's own time zone.
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A call's address made from its title: "Summer on the coast 2027" → `summer-on-the-coast-2027`. */
export const slugFromTitle = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');

/** A new call's form: empty, its form copied from `copyFrom` (the default call's, as a rule). */
export const newCallFields = (copyFrom: string): CallFields => ({
  slug: '',
  title: '',
  summary: '',
  opensAt: '',
  closesAt: '',
  places: '',
  minFollowers: '',
  countries: '',
  platforms: [],
  copyFrom,
});

/** A call's settings in its form, to edit. */
export const fieldsOf = (call: Call): CallFields => ({
  slug: call.slug,
  title: call.title,
  summary: call.summary,
  opensAt: localFromIso(call.opensAt),
  closesAt: localFromIso(call.closesAt),
  places: call.places === null ? '' : String(call.places),
  minFollowers:
    call.eligibility?.minFollowers === undefined
      ? ''
      : String(call.eligibility.minFollowers),
  countries: (call.eligibility?.countries ?? []).join(', '),
  platforms: [...(call.eligibility?.platforms ?? [])],
  copyFrom: '',
});

const knownCountries = new Set(countries.map((country) => country.isoCode2));

/** A count typed in a field: null for none, undefined when it is not a whole number. */
function countOf(text: string): number | null | undefined {
  const digits = text.trim().replace(/[\s,._']/g, '');
  if (digits === '') return null;
  return /^[0-9]{1,9}$/.test(digits) ? Number(digits) : undefined;
}

type Settings = Required<
  Pick<
    NewCall,
    'title' | 'summary' | 'opensAt' | 'closesAt' | 'places' | 'eligibility'
  >
>;

/** The settings both a new call and a change send, or the message of each field that holds none. */
function settingsOf(fields: CallFields): {
  settings: Settings;
  errors: CallFieldErrors;
} {
  const errors: CallFieldErrors = {};
  const opensAt = isoFromLocal(fields.opensAt);
  const closesAt = isoFromLocal(fields.closesAt);
  if (opensAt === undefined) errors.opensAt = 'Enter a date and a time';
  if (closesAt === undefined) errors.closesAt = 'Enter a date and a time';
  if (opensAt && closesAt && closesAt <= opensAt)
    errors.closesAt = 'The call closes after it opens';
  const places = countOf(fields.places);
  if (places === undefined) errors.places = 'Places are a whole number';
  const minFollowers = countOf(fields.minFollowers);
  if (minFollowers === undefined)
    errors.minFollowers = 'Followers are a whole number';
  const codes = fields.countries
    .split(/[\s,;]+/)
    .map((code) => code.toUpperCase())
    .filter(Boolean);
  const unknown = codes.filter((code) => !knownCountries.has(code));
  if (unknown.length > 0)
    errors.countries = `Not a country code: ${unknown.join(', ')}. Use two letters, such as DE or FR.`;
  const eligibility: Eligibility = {
    ...(minFollowers ? { minFollowers } : {}),
    ...(codes.length > 0 ? { countries: [...new Set(codes)] } : {}),
    ...(fields.platforms.length > 0
      ? {
          platforms: platformKeys.filter((key) =>
            fields.platforms.includes(key),
          ),
        }
      : {}),
  };
  return {
    settings: {
      title: fields.title.trim(),
      summary: fields.summary.trim(),
      opensAt: opensAt ?? null,
      closesAt: closesAt ?? null,
      places: places ?? null,
      eligibility: Object.keys(eligibility).length > 0 ? eligibility : null,
    },
    errors,
  };
}

/** The field a server's issue path names: `eligibility.countries[0]` → `countries`. */
export function fieldOfPath(path: string): CallField | 'form' {
  const [first, second] = path.replace(/\[\d+\]/g, '').split('.');
  const name = first === 'eligibility' ? second : first;
  return name && name in newCallFields('') ? (name as CallField) : 'form';
}

/** The contract's own messages for what it refuses, by field; none when it takes the body. */
function issuesOf(schema: z.ZodMiniType, body: unknown): CallFieldErrors {
  const result = z.safeParse(schema, body);
  if (result.success) return {};
  const errors: CallFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOfPath(
      issue.path
        .map((key) => (typeof key === 'number' ? `[${key}]` : String(key)))
        .join('.'),
    );
    errors[field] ??= issue.message;
  }
  return errors;
}

type Request<Body> = { body: Body } | { errors: CallFieldErrors };

/** The request that makes a new call of the form, or why it cannot be sent yet. */
export function newCallRequest(fields: CallFields): Request<NewCall> {
  const { settings, errors } = settingsOf(fields);
  const body: NewCall = {
    slug: fields.slug.trim(),
    ...settings,
    ...(fields.copyFrom ? { copyFrom: fields.copyFrom } : {}),
  };
  const all = { ...issuesOf(createCall.body, body), ...errors };
  return Object.keys(all).length > 0 ? { errors: all } : { body };
}

/** The request that changes a call's settings to the form's, or why it cannot be sent yet. */
export function callChangesRequest(fields: CallFields): Request<CallChanges> {
  const { settings, errors } = settingsOf(fields);
  const all = { ...issuesOf(updateCall.body, settings), ...errors };
  return Object.keys(all).length > 0 ? { errors: all } : { body: settings };
}

/**
 * A refusal's words at the fields they concern: the server's issues by field, a taken address
 * (409) at the address, anything else above the form.
 */
export function refusalErrors(failure: unknown): CallFieldErrors {
  if (!(failure instanceof ApiError)) return { form: messageOf(failure) };
  if (failure.status === 409) return { slug: failure.message };
  if (failure.issues.length === 0) return { form: failure.message };
  const errors: CallFieldErrors = {};
  for (const issue of failure.issues)
    errors[fieldOfPath(issue.path)] ??= issue.message;
  return errors;
}
