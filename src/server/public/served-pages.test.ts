import { afterAll, beforeAll, expect, test } from 'vitest';
import { framingOf } from '../../../tests/support/framing.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

test("lets the workspace's own page frame the form editor's preview, and no other page of it", async () => {
  const cookie = await staffMember(
    server,
    'framing@example.org',
    'admin',
    'correct horse battery staple',
  );
  const framing = (path: string) =>
    framingOf(`${server.baseUrl}${path}`, { cookie });
  expect(await framing('/review/form/preview?step=2')).toEqual({
    status: 200,
    ancestors: "'self'",
    xFrameOptions: 'SAMEORIGIN',
  });
  expect(await framing('/review/form')).toEqual({
    status: 200,
    ancestors: "'none'",
    xFrameOptions: 'SAMEORIGIN',
  });
});
