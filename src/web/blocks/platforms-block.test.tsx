import { act, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  configWithRequiredPlatforms,
  exampleConfig,
  findBlock,
  renderBlock,
} from '../../../tests/support/render-block.tsx';
import { PlatformsBlock } from './platforms-block.tsx';

const platformPaths = ['instagram', 'tiktok', 'youtube'].flatMap((platform) => [
  `platforms.${platform}.handle`,
  `platforms.${platform}.followers`,
]);

function renderPlatforms(config: WizardConfig = exampleConfig()) {
  const rendered = renderBlock(
    config,
    <PlatformsBlock
      block={findBlock(config, 'platforms')}
      isDisabled={false}
    />,
  );
  // The wizard validates the step's platform inputs together with the group rule on `platforms.filled`.
  const validate = () =>
    act(() => rendered.form.trigger([...platformPaths, 'platforms.filled']));
  return { ...rendered, validate };
}

const platformGroup = (name: string) => screen.getByRole('group', { name });

async function fillPlatform(
  user: ReturnType<typeof renderPlatforms>['user'],
  name: string,
  handle: string,
  followers: string,
) {
  const group = platformGroup(name);
  if (handle)
    await user.type(
      within(group).getByRole('textbox', { name: 'Username' }),
      handle,
    );
  if (followers)
    await user.type(
      within(group).getByRole('textbox', { name: 'Followers' }),
      followers,
    );
  await user.tab();
}

test('offers Instagram, TikTok and YouTube, each with Username and Followers', () => {
  renderPlatforms();
  const block = screen.getByRole('group', {
    name: 'Platforms you share content on',
  });
  expect(block.querySelector('legend')).toHaveTextContent(
    'Platforms you share content on *',
  );

  const groups = within(block).getAllByRole('group');
  expect(
    groups.map((group) => group.querySelector('legend')?.textContent),
  ).toEqual(['Instagram', 'TikTok', 'YouTube']);
  for (const group of groups) {
    expect(
      within(group).getByRole('textbox', { name: 'Username' }),
    ).toBeInTheDocument();
    expect(
      within(group).getByRole('textbox', { name: 'Followers' }),
    ).toBeInTheDocument();
  }
});

test('asks to Fill at least one platform when nothing is filled', async () => {
  const { validate } = renderPlatforms();

  await validate();

  expect(screen.getByText('Fill at least one platform')).toBeInTheDocument();
  const username = within(platformGroup('Instagram')).getByRole('textbox', {
    name: 'Username',
  });
  expect(username).toHaveAttribute('aria-invalid', 'true');
  expect(username).toHaveAccessibleDescription('Fill at least one platform');
});

test('asks for the username only when a handle is a URL', async () => {
  const { user, validate } = renderPlatforms();
  await fillPlatform(
    user,
    'Instagram',
    'https://instagram.com/ada.travels',
    '12000',
  );

  await validate();

  const username = within(platformGroup('Instagram')).getByRole('textbox', {
    name: 'Username',
  });
  expect(
    within(platformGroup('Instagram')).getByText('Enter your username only'),
  ).toBeInTheDocument();
  expect(username).toHaveAttribute('aria-invalid', 'true');
  expect(username).toHaveAccessibleDescription(
    expect.stringContaining('Enter your username only'),
  );
});

test('asks for a valid number when followers has letters', async () => {
  const { user, validate } = renderPlatforms();
  await fillPlatform(user, 'TikTok', 'ada.travels', '12k');

  await validate();

  const followers = within(platformGroup('TikTok')).getByRole('textbox', {
    name: 'Followers',
  });
  expect(
    within(platformGroup('TikTok')).getByText('Enter a valid number'),
  ).toBeInTheDocument();
  expect(followers).toHaveAttribute('aria-invalid', 'true');
  expect(followers).toHaveAccessibleDescription('Enter a valid number');
});

test('asks for the other field of a half-filled platform', async () => {
  const { user, validate } = renderPlatforms();
  await fillPlatform(user, 'YouTube', 'ada.travels', '');

  await validate();

  const followers = within(platformGroup('YouTube')).getByRole('textbox', {
    name: 'Followers',
  });
  expect(followers).toHaveAccessibleDescription('This field is required');
});

test('with one required platform asks to Fill the required platform and marks it with *', async () => {
  const { validate } = renderPlatforms(
    configWithRequiredPlatforms(['instagram']),
  );
  expect(platformGroup('Instagram').querySelector('legend')).toHaveTextContent(
    'Instagram *',
  );
  expect(platformGroup('TikTok').querySelector('legend')).toHaveTextContent(
    /^TikTok$/,
  );

  await validate();

  expect(screen.getByText('Fill the required platform')).toBeInTheDocument();
  expect(
    screen.queryByText('Fill at least one platform'),
  ).not.toBeInTheDocument();
});

test('with one required platform another filled platform does not satisfy the group', async () => {
  const { user, validate } = renderPlatforms(
    configWithRequiredPlatforms(['instagram']),
  );
  await fillPlatform(user, 'TikTok', 'ada.travels', '12000');

  await validate();

  expect(screen.getByText('Fill the required platform')).toBeInTheDocument();
});

test('with two required platforms asks to Fill all required platforms', async () => {
  const { user, validate } = renderPlatforms(
    configWithRequiredPlatforms(['instagram', 'youtube']),
  );
  expect(platformGroup('YouTube').querySelector('legend')).toHaveTextContent(
    'YouTube *',
  );
  await fillPlatform(user, 'Instagram', 'ada.travels', '12000');

  await validate();

  expect(screen.getByText('Fill all required platforms')).toBeInTheDocument();
});

test('filling one complete platform clears the group error', async () => {
  const { user, validate, form } = renderPlatforms();
  await validate();
  expect(screen.getByText('Fill at least one platform')).toBeInTheDocument();

  await fillPlatform(user, 'YouTube', 'ada.travels', '12000');
  await validate();

  expect(
    screen.queryByText('Fill at least one platform'),
  ).not.toBeInTheDocument();
  expect(form.getValues('platforms.youtube')).toEqual({
    handle: 'ada.travels',
    followers: '12000',
  });
  const username = within(platformGroup('Instagram')).getByRole('textbox', {
    name: 'Username',
  });
  expect(username).toHaveAttribute('aria-invalid', 'false');
  expect(username).not.toHaveAttribute('aria-describedby');
});

test('the group error clears when a platform is completed and left, without another Continue', async () => {
  const { user, validate } = renderPlatforms();
  await validate();
  expect(screen.getByText('Fill at least one platform')).toBeInTheDocument();

  await fillPlatform(user, 'YouTube', 'ada.travels', '12000');

  expect(
    screen.queryByText('Fill at least one platform'),
  ).not.toBeInTheDocument();
});
