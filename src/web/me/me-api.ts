import type * as z from 'zod/mini';
import { languageTagPattern } from '#engine/languages/language-tags.ts';
import type {
  endSession,
  eraseMyApplication,
  exportMyData,
  myPage,
  requestLink,
  startSession,
  withdrawApplication,
} from '#review-api/applicant.ts';

/**
 * The applicant's routes, called with `fetch`. Their addresses and answers are typed from the shared
 * contract, imported as types only: zod stays out of the page's script, which trusts its own server.
 */

export type Answer<T> =
  { ok: true; value: T } | { ok: false; status: number | null };

type PageAnswer = z.output<(typeof myPage)['responses'][200]>;
type Withdrawn = z.output<(typeof withdrawApplication)['responses'][200]>;

const paths = {
  link: '/api/me/link',
  session: '/api/me/session',
  page: '/api/me',
  export: '/api/me/export',
} as const satisfies {
  link: (typeof requestLink)['path'];
  session: (typeof startSession)['path'] & (typeof endSession)['path'];
  page: (typeof myPage)['path'];
  export: (typeof exportMyData)['path'];
};

// An address with an id filled in, checked against the contract's `:id` address.
type WithId<P extends string> = P extends `${infer Head}:id${infer Tail}`
  ? `${Head}${string}${Tail}`
  : never;

const erasePath = (id: string) =>
  `/api/me/applications/${encodeURIComponent(id)}` as const satisfies WithId<
    (typeof eraseMyApplication)['path']
  >;
const withdrawPath = (id: string) =>
  `/api/me/applications/${encodeURIComponent(id)}/withdraw` as const satisfies WithId<
    (typeof withdrawApplication)['path']
  >;

async function send<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  read: (response: Response) => Promise<T>,
  body?: unknown,
): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: null };
  }
  if (!response.ok) return { ok: false, status: response.status };
  try {
    return { ok: true, value: await read(response) };
  } catch {
    return { ok: false, status: null };
  }
}

const nothing = async () => undefined;
const json = <T>(response: Response) => response.json() as Promise<T>;

/** The name the server gives the export in its Content-Disposition, else a plain one. */
export function fileNameOf(disposition: string | null): string {
  const name = /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1];
  return name ?? 'my-applications.json';
}

/** The page's language, as its `<html lang>` names it. */
function pageLanguage(): string | undefined {
  const { lang } = document.documentElement;
  return languageTagPattern.test(lang) ? lang : undefined;
}

export const meApi = {
  /** The link goes in the language the server wrote this page in. */
  requestLink: (email: string) =>
    send('POST', paths.link, nothing, {
      email: email.trim(),
      language: pageLanguage(),
    }),
  startSession: (token: string) =>
    send('POST', paths.session, nothing, { token }),
  endSession: () => send('DELETE', paths.session, nothing),
  /** Each status in the words of the language the page is written in. */
  read: () => {
    const language = pageLanguage();
    return send(
      'GET',
      language
        ? `${paths.page}?${new URLSearchParams({ lang: language }).toString()}`
        : paths.page,
      json<PageAnswer>,
    );
  },
  withdraw: (id: string) => send('POST', withdrawPath(id), json<Withdrawn>),
  erase: (id: string) => send('DELETE', erasePath(id), nothing),
  exportData: () =>
    send('GET', paths.export, async (response) => ({
      blob: await response.blob(),
      name: fileNameOf(response.headers.get('content-disposition')),
    })),
};
