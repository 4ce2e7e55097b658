import { expect, vi } from 'vitest';
import type { WizardConfig } from '../../src/engine/config-schema.ts';
import { createCallStore } from '../../src/server/calls/call-store.ts';
import type { startTestServer } from './test-server.ts';

/**
 * Makes a call with its own form in a test server's database, and waits until the server serves
 * it (its next look at the calls; a test server looks every `formPollMs`).
 */
export async function callServed(
  server: Awaited<ReturnType<typeof startTestServer>>,
  call: { slug: string; title: string; config: WizardConfig },
) {
  const made = await createCallStore(server.database).create({
    ...call,
    by: null,
  });
  if (made === 'taken') throw new Error(`the call ${call.slug} is taken`);
  await vi.waitFor(
    async () => {
      const form = await fetch(`${server.baseUrl}/api/form/${call.slug}`);
      expect(form.status).toBe(200);
    },
    { timeout: 10_000, interval: 50 },
  );
}
