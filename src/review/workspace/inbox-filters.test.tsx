import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { InboxFacets } from '#review-api/inbox.ts';
import { createQueryClient } from '#review/lib/query-client.ts';
import { facetsQuery } from '#review/lib/queries.ts';
import { InboxFilters } from './inbox-filters.tsx';

const facets: InboxFacets = {
  countries: [
    { code: 'GB', count: 40 },
    { code: 'FR', count: 3 },
  ],
  platforms: [{ platform: 'instagram', count: 43 }],
  tags: [{ tag: 'coast', count: 5 }],
  sources: [{ source: 'newsletter', count: 2 }],
  languages: [
    { language: 'en', count: 30 },
    { language: 'de', count: 13 },
  ],
};

/** The filters over a cache that already holds what occurs, as the server answered it. */
function renderFilters(query: string) {
  const client = createQueryClient();
  client.setQueryData(facetsQuery.queryKey, facets);
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <InboxFilters
        params={new URLSearchParams(query)}
        isBeside={false}
        onChange={onChange}
      />
    </QueryClientProvider>,
  );
  return onChange;
}

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label, { exact: true, selector: 'select' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

test('offers the countries, platforms and tags that occur, not every one there is', () => {
  renderFilters('');
  expect(optionsOf('Country')).toEqual(['Any', 'United Kingdom', 'France']);
  expect(optionsOf('Platform')).toEqual(['Any', 'Instagram']);
  expect(optionsOf('Tag')).toEqual(['Any', 'coast']);
  expect(optionsOf('Language')).toEqual(['Any', 'English', 'German']);
});

test('keeps offering what the address names, when no application has it any more', () => {
  renderFilters('country=DE&tag=gone');
  expect(optionsOf('Country')).toEqual([
    'Any',
    'Germany',
    'United Kingdom',
    'France',
  ]);
  expect(screen.getByLabelText('Tag', { selector: 'select' })).toHaveValue(
    'gone',
  );
});

test('a choice applies at once, and "Any" takes the filter off', async () => {
  const onChange = renderFilters('platform=instagram');
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Country'), 'France');
  expect(onChange).toHaveBeenLastCalledWith({ country: 'FR' });
  await user.selectOptions(screen.getByLabelText('Language'), 'German');
  expect(onChange).toHaveBeenLastCalledWith({ language: 'de' });
  await user.selectOptions(screen.getByLabelText('Platform'), 'Any');
  expect(onChange).toHaveBeenLastCalledWith({ platform: null });
  await user.click(screen.getByLabelText('Has a note'));
  expect(onChange).toHaveBeenLastCalledWith({ hasNote: 'yes' });
  await user.click(screen.getByLabelText('Verified reach'));
  expect(onChange).toHaveBeenLastCalledWith({ verified: 'yes' });
  await user.click(screen.getByLabelText('Second applications'));
  expect(onChange).toHaveBeenLastCalledWith({ duplicates: 'yes' });
  await user.selectOptions(
    screen.getByLabelText('Eligibility'),
    'Misses a rule',
  );
  expect(onChange).toHaveBeenLastCalledWith({ eligible: 'no' });
});

test('typed filters apply on Apply, once, not at every key', async () => {
  const onChange = renderFilters('');
  const user = userEvent.setup();
  // Folded behind its summary where the list is narrow, as in a window without media queries.
  await user.click(screen.getByText('Sort and filters'));
  await user.click(screen.getByText('Followers'));
  const followers = screen.getByLabelText('Followers at least');
  await user.type(followers, '12 000');
  expect(onChange).not.toHaveBeenCalled();
  await user.click(
    within(followers.closest('form') as HTMLElement).getByRole('button', {
      name: 'Apply',
    }),
  );
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith({ minReach: '12000' });
});

test('counts the filters on in its summary, and clears them all at once', async () => {
  const onChange = renderFilters(
    'call=summer-2027&sort=reach&search=ada&tag=coast&minReach=100&eligible=yes',
  );
  expect(screen.getByText('Sort and filters (3 on)')).toBeInTheDocument();
  expect(screen.getByText('Followers ≥ 100')).toBeInTheDocument();
  await userEvent
    .setup()
    .click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(onChange).toHaveBeenCalledWith({
    search: null,
    eligible: null,
    platform: null,
    country: null,
    minReach: null,
    from: null,
    to: null,
    tag: null,
    hasNote: null,
    verified: null,
    source: null,
    language: null,
    duplicates: null,
  });
});

test('offers no "Clear filters" while nothing narrows the list', () => {
  renderFilters('sort=votes&stage=new');
  expect(
    screen.queryByRole('button', { name: 'Clear filters' }),
  ).not.toBeInTheDocument();
});

test('shows each hidden-field filter as a chip that removes it, counted and cleared with the others', async () => {
  const onChange = renderFilters(
    'hidden.ref=hotel-alpenhof&hidden.partner=tirol&hidden.Bad=x',
  );
  expect(screen.getByText('Sort and filters (2 on)')).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(
    screen.getByRole('button', {
      name: 'Remove the filter ref: hotel-alpenhof',
    }),
  );
  expect(onChange).toHaveBeenLastCalledWith({ 'hidden.ref': null });
  expect(
    screen.queryByRole('button', { name: /Remove the filter Bad/ }),
  ).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(onChange).toHaveBeenLastCalledWith(
    expect.objectContaining({ 'hidden.ref': null, 'hidden.partner': null }),
  );
});
