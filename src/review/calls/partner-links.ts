import { maxLabelLength } from '#engine/source-parameters.ts';
import { partnerReference } from '#engine/hidden-fields.ts';

/**
 * A partner's way to a call, as typed on the Calls page: its reference (recorded with each
 * application as `ref`) and the campaign tags its link carries, which Insights and the inbox's
 * Source filter read.
 */
export type PartnerFields = {
  ref: string;
  source: string;
  medium: string;
  campaign: string;
  /** The embed opens behind a button in a dialog instead of standing in the page. */
  isPopup: boolean;
  /** The popup's button. */
  button: string;
};

export type CampaignTag = 'source' | 'medium' | 'campaign';

export const campaignTags = ['source', 'medium', 'campaign'] as const;

/** Each tag's address parameter, as analytics tools name them. */
export const campaignParameters: Record<CampaignTag, string> = {
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
};

/** A reference as it stands in an address and in the inbox's filter: plain, lower case. */
const partnerRefPattern = /^[a-z0-9_-]+$/;

/** Kept short enough to read in a filter. */
const maxRefLength = 60;

/** The tags a reference gets unless typed otherwise: none for the organisation's own link. */
function defaultTags(ref: string, slug: string): Record<CampaignTag, string> {
  return ref === ''
    ? { source: '', medium: '', campaign: '' }
    : { source: ref, medium: 'partner', campaign: slug };
}

export const newPartnerFields = (): PartnerFields => ({
  ref: '',
  ...defaultTags('', ''),
  isPopup: false,
  button: 'Apply now',
});

/** A reference made from a partner's name: "Hôtel du Lac, Annecy" → `hotel-du-lac-annecy`. */
export const refFromName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, maxRefLength)
    .replace(/-+$/, '');

/**
 * The fields after one of them is typed: the tags nobody has typed follow the reference, as a
 * call's address follows its title until it is typed itself.
 */
export function withTyped(
  fields: PartnerFields,
  changes: Partial<PartnerFields>,
  typed: ReadonlySet<CampaignTag>,
  slug: string,
): PartnerFields {
  const next = { ...fields, ...changes };
  if (changes.ref === undefined) return next;
  const tags = defaultTags(next.ref, slug);
  for (const tag of campaignTags) if (!typed.has(tag)) next[tag] = tags[tag];
  return next;
}

export type PartnerProblems = Partial<Record<'ref' | CampaignTag, string>>;

/** What keeps the fields from making a link, by field; empty when nothing does. */
export function partnerProblems(fields: PartnerFields): PartnerProblems {
  const problems: PartnerProblems = {};
  if (fields.ref.length > maxRefLength)
    problems.ref = `At most ${maxRefLength} characters.`;
  else if (fields.ref !== '' && !partnerRefPattern.test(fields.ref))
    problems.ref =
      'Only lower-case letters, digits, - and _ (no spaces), such as hotel-du-lac.';
  for (const tag of campaignTags) {
    const value = fields[tag].trim();
    if (value.length > maxLabelLength)
      problems[tag] = `At most ${maxLabelLength} characters.`;
    else if (/\p{Cc}/u.test(value)) problems[tag] = 'No control characters.';
  }
  return problems;
}

/** The call's public address with the reference and the tags that are filled in, encoded. */
export function partnerLink(
  origin: string,
  slug: string,
  fields: PartnerFields,
): string {
  const url = new URL(`/apply/${encodeURIComponent(slug)}`, origin);
  if (fields.ref !== '') url.searchParams.set(partnerReference, fields.ref);
  for (const tag of campaignTags) {
    const value = fields[tag].trim();
    if (value !== '') url.searchParams.set(campaignParameters[tag], value);
  }
  return url.href;
}

const attributeValue = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;');

/**
 * The line a partner (or the organisation) pastes into its own page. The tags are not in it: the
 * script hands the host page's own `utm_*` to the form, so the page's address carries them.
 */
export function embedSnippet(
  origin: string,
  slug: string,
  fields: PartnerFields,
): string {
  const attributes: Array<[string, string]> = [
    ['src', `${origin}/embed.js`],
    ['data-call', slug],
  ];
  if (fields.ref !== '') attributes.push(['data-ref', fields.ref]);
  if (fields.isPopup)
    attributes.push(
      ['data-mode', 'popup'],
      ['data-button', fields.button.trim() || newPartnerFields().button],
    );
  const written = attributes
    .map(([name, value]) => `${name}="${attributeValue(value)}"`)
    .join(' ');
  return `<script ${written} async></script>`;
}
