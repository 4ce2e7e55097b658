import { randomUUID } from 'node:crypto';
import { emailKeyOf } from '#engine/email-identity.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { SourceLabels } from '#engine/insights.ts';
import {
  canonicalJson,
  sha256Hex,
  withKeysInOrder,
} from '../canonical-json.ts';
import { fullNameOf, inboxColumnsOf } from './applicant-columns.ts';

/** The call an application was sent to, and what its rules and clock said of it then. */
export type CallFacts = {
  callSlug: string;
  /** One sentence per eligibility rule of the call it misses; none: eligible. */
  eligibility: string[];
  /** Stored in the hour after the call closed. */
  late: boolean;
};

export type StoredApplication = CallFacts & {
  id: string;
  pageId: string;
  receivedAt: string;
  /** The configuration the application was answered under, or null when stored before versions were kept. */
  configVersion: string | null;
  payload: ApplicationPayload;
  /** Where the applicant's visit came from; null when the wizard did not say. */
  source: SourceLabels | null;
  /** The values of the form's hidden fields it came with, by name; empty without any. */
  hidden: Record<string, string>;
  /** The ad click that brought it (`gclid=…`); null without one. */
  clickId: string | null;
};

/** An application to store; it is its page's call's (the page id is the call's slug) unless told otherwise. */
export type StoreInput = Partial<CallFacts> & {
  pageId: string;
  idempotencyKey: string;
  configVersion: string;
  payload: ApplicationPayload;
  source?: SourceLabels | null;
  clickId?: string | null;
  /** Its answers as an export writes them (`readableAnswersOf`); without them, an export describes it as it reads it. */
  readableAnswers?: string | null;
};

export function rowOf(
  input: StoreInput,
  stored: StoredPayload,
  receivedAt: string,
) {
  const personal = input.payload.personalInfo;
  const email =
    typeof personal.emailAddress === 'string' ? personal.emailAddress : '';
  return {
    id: randomUUID(),
    page_id: input.pageId,
    idempotency_key: input.idempotencyKey,
    payload_hash: stored.hash,
    received_at: receivedAt,
    payload: stored.text,
    config_version: input.configVersion,
    full_name: fullNameOf(input.payload),
    ...inboxColumnsOf(input.payload),
    email,
    email_key: emailKeyOf(email),
    country_code:
      typeof personal.countryCode === 'string' ? personal.countryCode : null,
    source: input.source?.source ?? null,
    medium: input.source?.medium ?? null,
    campaign: input.source?.campaign ?? null,
    call_slug: input.callSlug ?? input.pageId,
    ...eligibilityColumnsOf(input.eligibility ?? []),
    late: input.late ? 1 : 0,
    language: input.payload.language ?? null,
    hidden: stored.hidden,
    click_id: input.clickId ?? null,
    readable_answers: input.readableAnswers ?? null,
  };
}

/** The columns that hold whether an application meets its call's rules, and which it misses. */
export const eligibilityColumnsOf = (unmet: readonly string[]) => ({
  eligible: unmet.length === 0 ? 1 : 0,
  eligibility: unmet.length === 0 ? null : JSON.stringify(unmet),
});

/** The call facts of a row, as `CallFacts` says them. */
export function callFactsOf(row: {
  call_slug: string | null;
  eligibility: string | null;
  late: number | string;
}): CallFacts {
  return {
    callSlug: row.call_slug ?? '',
    eligibility:
      row.eligibility === null ? [] : (JSON.parse(row.eligibility) as string[]),
    late: Number(row.late) === 1,
  };
}

export type ApplicationRow = ReturnType<typeof rowOf>;

/**
 * An application as stored: its answers' canonical JSON; its hidden values' JSON, kept in a column
 * of their own so the inbox filters by them (null without any); and the hash of both, which tells
 * a replay from a conflict.
 */
export type StoredPayload = {
  text: string;
  hidden: string | null;
  hash: string;
};

export function storedPayloadOf(payload: ApplicationPayload): StoredPayload {
  const { hidden, ...answers } = payload;
  const hasHidden = hidden !== undefined && Object.keys(hidden).length > 0;
  return {
    text: canonicalJson(answers),
    hidden: hasHidden ? canonicalJson(hidden) : null,
    hash: sha256Hex(canonicalJson(hasHidden ? payload : answers)),
  };
}

/** SQLite keeps JSON as text, PostgreSQL as jsonb, which arrives parsed. */
export function readJson<T>(stored: string | Record<string, unknown>): T {
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as T;
}

export const storedColumns = [
  'id',
  'page_id',
  'received_at',
  'config_version',
  'payload',
  'source',
  'medium',
  'campaign',
  'call_slug',
  'eligibility',
  'late',
  'hidden',
  'click_id',
] as const;

type StoredRow = {
  id: string;
  page_id: string;
  received_at: string;
  config_version: string | null;
  payload: string | Record<string, unknown>;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  call_slug: string | null;
  eligibility: string | null;
  late: number | string;
  hidden: string | Record<string, string> | null;
  click_id: string | null;
};

/** What is stored of an application besides its answers. */
export type StoredFacts = Omit<StoredApplication, 'payload'>;

export function storedFactsOf(row: Omit<StoredRow, 'payload'>): StoredFacts {
  return {
    ...callFactsOf(row),
    id: row.id,
    pageId: row.page_id,
    receivedAt: row.received_at,
    configVersion: row.config_version,
    source:
      row.source === null
        ? null
        : {
            source: row.source,
            medium: row.medium ?? '',
            campaign: row.campaign,
          },
    hidden: row.hidden === null ? {} : readJson(row.hidden),
    clickId: row.click_id,
  };
}

/**
 * The answers of a stored row. SQLite's text was written in canonical order, which parsing keeps;
 * PostgreSQL's jsonb orders keys its own way.
 */
export function storedPayloadIn(
  payload: StoredRow['payload'],
): ApplicationPayload {
  return typeof payload === 'string'
    ? (JSON.parse(payload) as ApplicationPayload)
    : withKeysInOrder(payload as ApplicationPayload);
}

export function toStored(row: StoredRow): StoredApplication {
  return { ...storedFactsOf(row), payload: storedPayloadIn(row.payload) };
}
