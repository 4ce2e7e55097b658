import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

describe.each(engines)('the inbox’s search on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer({ engine });
    cookie = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      'a long enough secret',
    );
    await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
    });
  });
  afterAll(() => server.close());

  const search = async (text: string) => {
    const response = await fetch(
      `${server.baseUrl}/api/review/applications?search=${encodeURIComponent(text)}`,
      { headers: { cookie } },
    );
    return {
      status: response.status,
      names: (
        (await response.json()) as { items: Array<{ name: string }> }
      ).items.map((item) => item.name),
    };
  };

  test('finds an application by the start of a word in an answer', async () => {
    expect(await search('Somerv')).toEqual({
      status: 200,
      names: ['Ada Lovelace'],
    });
  });

  test('a search made of the query languages’ quotes and operators answers with nothing, not an error', async () => {
    for (const hostile of ['"', '*', ':', '&', '(', "'", '":* | !('])
      expect(await search(hostile)).toEqual({ status: 200, names: [] });
    expect(await search('Somerv"*')).toEqual({
      status: 200,
      names: ['Ada Lovelace'],
    });
  });
});
