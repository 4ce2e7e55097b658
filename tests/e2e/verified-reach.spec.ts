import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { validApplication } from '../support/fixtures.ts';
import {
  startGraphStandIn,
  startYouTubeStandIn,
  type StandIn,
} from '../support/reach-stand-ins.ts';
import { reachCredentials, reachPorts, serverUrl } from '../support/servers.ts';
import { addStaff, signIn } from '../support/workspace.ts';

// axe runs on the section (see tests/support/axe.ts).
test.use({ bypassCSP: true });

let graph: StandIn;
let youtube: StandIn;
test.beforeAll(async () => {
  graph = await startGraphStandIn({
    port: reachPorts.graph,
    credential: reachCredentials.instagramToken,
    handles: {
      'ada.travels': {
        kind: 'account',
        followers: 9_000,
        media: Array.from({ length: 12 }, () => ({
          likes: 300,
          comments: 60,
        })),
      },
    },
  });
  youtube = await startYouTubeStandIn({
    port: reachPorts.youtube,
    credential: reachCredentials.youtubeKey,
    handles: { adatravels: { kind: 'hidden' } },
  });
});
test.afterAll(async () => {
  await graph?.close();
  await youtube?.close();
});

test('the application view shows each platform’s own count beside the stated one, flags an overstated count, and Check again asks afresh', async ({
  page,
}) => {
  const lastName = `Reach${randomUUID().slice(0, 8)}`;
  const application = validApplication({
    emailAddress: `${lastName.toLowerCase()}@example.com`,
  });
  application.personalInfo.lastName = lastName;
  Object.assign(application.platforms, {
    youtube: { handle: '@adatravels', followers: '3000' },
    tiktok: { handle: 'ada.travels', followers: '8000' },
  });
  const stored = await page.request.put(
    serverUrl('reach', '/api/syncPage/reach'),
    { headers: { 'idempotency-key': randomUUID() }, data: application },
  );
  expect(stored.status()).toBe(201);
  const { id } = (await stored.json()) as { id: string };

  await signIn(
    page,
    addStaff('reviewer', 'reach'),
    `/review?open=${id}`,
    'reach',
  );
  const section = page.getByRole('region', { name: 'Reach' });
  const instagram = section.getByRole('listitem', { name: 'Instagram' });
  // The look-up happens after the application is stored; the view reads it again until it lands.
  await expect(instagram).toContainText(
    'Verified: the count Instagram itself gives',
  );
  await expect(instagram.getByRole('definition')).toHaveText([
    '12,000',
    '9,000 (verified)',
    '4%',
    /\S/,
  ]);
  await expect(instagram).toContainText(
    'Stated more than 25 % above the verified count',
  );
  await expect(
    section.getByRole('listitem', { name: 'YouTube' }),
  ).toContainText('Not public: the YouTube channel hides its count');
  await expect(section.getByRole('listitem', { name: 'TikTok' })).toContainText(
    'Unavailable: TikTok gives no one else’s follower count to an organisation',
  );
  expect(await seriousViolations(page)).toEqual([]);

  graph.set({
    handles: { 'ada.travels': { kind: 'account', followers: 12_500 } },
  });
  await section.getByRole('button', { name: 'Check again' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Asked again: the numbers change here once the platforms answer.',
  );
  await expect(instagram.getByRole('definition').nth(1)).toHaveText(
    '12,500 (verified)',
  );
  await expect(instagram).not.toContainText('Stated more than 25 %');
  expect(graph.answeredOf('ada.travels')).toBe(2);
  expect(await seriousViolations(page)).toEqual([]);
});
