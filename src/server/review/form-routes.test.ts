import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  nothingToPublish,
  nothingToRestore,
  type FormState,
} from '#review-api/form.ts';
import type { AuditPage } from '#review-api/audit.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const password = 'a long enough secret';

/** The example without its first More Details question. */
function withoutWhatContent(config: WizardConfig): WizardConfig {
  return {
    ...config,
    formItems: config.formItems.filter(
      (item) => item.path !== 'fields.single.whatContent',
    ),
    steps: config.steps.map((step) => ({
      ...step,
      blocks: step.blocks.filter(
        (block) =>
          !('path' in block.data) ||
          block.data.path !== 'fields.single.whatContent',
      ),
    })),
  };
}

describe.each(engines)('the form editor API on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const cookies: Record<string, string> = {};

  /** A request as the workspace sends it, signed in as `who`. */
  const send = (
    who: 'admin' | 'second' | 'reviewer' | 'token',
    path: string,
    init: { method?: string; body?: unknown; form?: FormData } = {},
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: server.baseUrl,
        ...(who === 'token'
          ? { authorization: `Bearer ${adminToken}` }
          : { cookie: cookies[who] ?? '' }),
        ...(init.body === undefined
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body:
        init.form ??
        (init.body === undefined ? null : JSON.stringify(init.body)),
    });

  beforeAll(async () => {
    server = await startTestServer({ engine, formPollMs: 50 });
    for (const [email, role, key] of [
      ['ada@example.org', 'admin', 'admin'],
      ['bob@example.org', 'admin', 'second'],
      ['rita@example.org', 'reviewer', 'reviewer'],
    ] as const)
      cookies[key] = await staffMember(server, email, role, password);
  });
  afterAll(() => server.close());

  test('a reviewer is refused every route of the editor', async () => {
    for (const [method, path] of [
      ['GET', '/api/review/form'],
      ['PUT', '/api/review/form/draft'],
      ['POST', '/api/review/form/publish'],
      ['GET', '/api/review/form/versions'],
      ['POST', '/api/review/form/versions/1/restore'],
      ['POST', '/api/review/form/images'],
    ] as const) {
      const response = await send('reviewer', path, {
        method,
        ...(method === 'GET' ? {} : { body: { config: {} } }),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect((await fetch(`${server.baseUrl}/api/review/form`)).status).toBe(401);
  });

  test('the first version is the configuration file; a draft is saved in any state and read back', async () => {
    const form = (await (
      await send('admin', '/api/review/form')
    ).json()) as FormState;
    expect(form).toMatchObject({ version: 1, publishedBy: null, draft: null });
    expect(form.config.title).toBe(exampleConfig().title);

    const broken = { ...form.config, title: '', steps: 'not a list' };
    const saved = await send('admin', '/api/review/form/draft', {
      method: 'PUT',
      body: { config: broken },
    });
    expect(saved.status).toBe(200);
    const read = (await (
      await send('token', '/api/review/form')
    ).json()) as FormState;
    expect(read).toMatchObject({
      draft: broken,
      draftSavedBy: 'ada@example.org',
      draftBaseVersion: 1,
    });
    // Without an Origin of its own, a cookie's change is refused.
    const foreign = await fetch(`${server.baseUrl}/api/review/form/draft`, {
      method: 'PUT',
      headers: {
        origin: 'https://evil.example',
        cookie: cookies.admin ?? '',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ config: {} }),
    });
    expect(foreign.status).toBe(403);
  });

  test("publishing refuses the start-up check's problems at their paths, and publishes nothing", async () => {
    const response = await send('admin', '/api/review/form/publish', {
      method: 'POST',
      body: {
        baseVersion: 1,
        config: { ...exampleConfig(), title: ' ', theme: { brand: '#dddddd' } },
      },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      issues: Array<{ path: string; message: string }>;
    };
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: expect.any(String) },
        {
          path: 'theme.brand',
          message: expect.stringMatching(
            /^brand on white has contrast 1\.\d\d:1/,
          ),
        },
      ]),
    );
    const versions = await send('admin', '/api/review/form/versions');
    expect(
      ((await versions.json()) as { versions: unknown[] }).versions,
    ).toHaveLength(1);
  });

  test('two admins publishing from the same base: the second hears of the first and overwrites nothing', async () => {
    const first = await send('admin', '/api/review/form/publish', {
      method: 'POST',
      body: {
        baseVersion: 1,
        config: exampleConfig({ title: 'Spring press trip' }),
      },
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      version: 2,
      summary: 'Changed the title',
    });
    // Publishing ends the draft it came from.
    expect(
      ((await (await send('admin', '/api/review/form')).json()) as FormState)
        .draft,
    ).toBeNull();

    const second = await send('second', '/api/review/form/publish', {
      method: 'POST',
      body: { baseVersion: 1, config: exampleConfig({ lang: 'de' }) },
    });
    expect(second.status).toBe(409);
    const refusal = (await second.json()) as {
      message: string;
      version: number;
      changes: string[];
    };
    expect(refusal).toMatchObject({
      error: 'conflict',
      version: 2,
      changes: ['Changed the title'],
    });
    expect(refusal.message).toContain(
      'Version 2 was published after the version 1 you edited',
    );
    const form = (await (
      await send('admin', '/api/review/form')
    ).json()) as FormState;
    expect(form).toMatchObject({ version: 2, publishedBy: 'ada@example.org' });
    expect(form.config.lang).toBe('en');
    // New visitors get it from this process at once.
    expect(await (await fetch(server.baseUrl)).text()).toContain(
      '<title>Spring press trip</title>',
    );
  });

  test('removing a question says how many stored applications answered it; they keep reading it', async () => {
    const response = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const config = withoutWhatContent(
      exampleConfig({ title: 'Spring press trip' }),
    );

    const check = await send('admin', '/api/review/form/check', {
      method: 'POST',
      body: { config },
    });
    expect(await check.json()).toMatchObject({
      issues: [],
      droppedQuestions: [
        {
          path: 'fields.single.whatContent',
          step: 'More Details',
          applications: 1,
        },
      ],
    });
    const published = await send('token', '/api/review/form/publish', {
      method: 'POST',
      body: { baseVersion: 2, config },
    });
    expect(published.status).toBe(201);
    expect(await published.json()).toMatchObject({
      version: 3,
      summary: expect.stringMatching(
        /^Removed the question “.+” from More Details/,
      ),
      droppedQuestions: [{ applications: 1 }],
    });
    const read = await send('admin', `/api/review/applications/${id}`);
    expect(JSON.stringify(await read.json())).toContain('Food and slow travel');
  });

  test('versions list who, when and what; any version reads back; a restore publishes a copy and is audited', async () => {
    const list = (await (
      await send('admin', '/api/review/form/versions')
    ).json()) as {
      versions: Array<{
        version: number;
        publishedBy: string | null;
        summary: string;
        publishedAt: string;
      }>;
    };
    expect(list.versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(list.versions[2]).toMatchObject({
      publishedBy: null,
      summary: 'First version, from the configuration file',
    });
    expect(list.versions[0]?.publishedBy).toBe('api token');

    const one = await send('admin', '/api/review/form/versions/1');
    expect(
      ((await one.json()) as { config: { title: string } }).config.title,
    ).toBe(exampleConfig().title);
    expect((await send('admin', '/api/review/form/versions/99')).status).toBe(
      404,
    );
    expect((await send('admin', '/api/review/form/versions/x')).status).toBe(
      400,
    );

    const restored = await send(
      'admin',
      '/api/review/form/versions/1/restore',
      {
        method: 'POST',
      },
    );
    expect(restored.status).toBe(201);
    expect(await restored.json()).toMatchObject({
      version: 4,
      summary: expect.stringMatching(/^Restored version 1: /),
    });
    expect(await (await fetch(server.baseUrl)).text()).toContain(
      `<title>${exampleConfig().title}</title>`,
    );
    const audit = (await (
      await send('admin', '/api/review/audit?action=form_restored')
    ).json()) as AuditPage;
    expect(audit.entries[0]).toMatchObject({
      actor: 'ada@example.org',
      subject: 'version 4',
    });
    const publishes = (await (
      await send('admin', '/api/review/audit?action=form_published')
    ).json()) as AuditPage;
    expect(publishes.entries.map((entry) => entry.subject)).toEqual([
      'version 3',
      'version 2',
    ]);
  });

  test('a restore ends the draft, so publishing after it starts from the restored version', async () => {
    const readState = async () =>
      (await (await send('admin', '/api/review/form')).json()) as FormState;
    const before = await readState();
    // A draft edited from the published version, then a restore of an older one.
    await send('admin', '/api/review/form/draft', {
      method: 'PUT',
      body: {
        config: { ...before.config, title: 'Half-done edit' },
        baseVersion: before.version,
      },
    });
    const restored = await send(
      'second',
      '/api/review/form/versions/2/restore',
      { method: 'POST' },
    );
    expect(restored.status).toBe(201);
    const restoredVersion = before.version + 1;
    expect(await restored.json()).toMatchObject({ version: restoredVersion });
    const after = await readState();
    expect(after).toMatchObject({
      version: restoredVersion,
      draft: null,
      draftBaseVersion: null,
    });
    expect(after.config.title).toBe('Spring press trip');

    // Publishing from it works.
    const published = await send('admin', '/api/review/form/publish', {
      method: 'POST',
      body: {
        baseVersion: restoredVersion,
        config: { ...after.config, title: 'Summer press trip' },
      },
    });
    expect(published.status).toBe(201);
    expect(await published.json()).toMatchObject({
      version: restoredVersion + 1,
      summary: 'Changed the title',
    });
  });

  test('the published form again, as a publish or a restore, is refused with its reason and makes no version', async () => {
    // Its keys in another order: still the same form.
    const current = (await (
      await send('admin', '/api/review/form')
    ).json()) as FormState;
    const reordered = Object.fromEntries(
      Object.entries(current.config).reverse(),
    );
    const unchanged = await send('admin', '/api/review/form/publish', {
      method: 'POST',
      body: { baseVersion: current.version, config: reordered },
    });
    expect(unchanged.status).toBe(409);
    expect(await unchanged.json()).toEqual({
      error: 'unchanged',
      message: nothingToPublish,
    });
    const sameAgain = await send(
      'token',
      `/api/review/form/versions/${current.version}/restore`,
      { method: 'POST' },
    );
    expect(sameAgain.status).toBe(409);
    expect(await sameAgain.json()).toEqual({
      error: 'unchanged',
      message: nothingToRestore(current.version),
    });
    const versions = (await (
      await send('admin', '/api/review/form/versions')
    ).json()) as { versions: Array<{ version: number }> };
    expect(versions.versions[0]?.version).toBe(current.version);
  });

  test('an uploaded image is read by its content, stripped of its metadata, made in the wizard’s widths and served from the database', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Camera', Copyright: 'Ada' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const form = new FormData();
    form.append(
      'image',
      new Blob([photo], { type: 'text/plain' }),
      'holiday.txt',
    );
    const response = await send('admin', '/api/review/form/images', {
      method: 'POST',
      form,
    });
    expect(response.status).toBe(201);
    const image = (await response.json()) as {
      src: string;
      sources: Array<{ type: string; srcset: string }>;
      width: number;
      height: number;
    };
    expect(image).toMatchObject({ width: 1200, height: 750 });
    expect(image.src).toMatch(/^\/images\/uploads\/[0-9a-f]{20}-800\.webp$/);
    expect(image.sources.map((source) => source.type)).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(image.sources[0]?.srcset).toMatch(
      /^\/images\/uploads\/[0-9a-f]{20}-480\.avif 480w, \S+-800\.avif 800w, \S+-1200\.avif 1200w$/,
    );
    for (const url of [
      image.src,
      ...(image.sources[0]?.srcset
        .split(', ')
        .map((entry) => entry.split(' ')[0]) ?? []),
    ]) {
      const served = await fetch(`${server.baseUrl}${url ?? ''}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toContain('immutable');
      const metadata = await sharp(
        Buffer.from(await served.arrayBuffer()),
      ).metadata();
      expect(metadata.exif).toBeUndefined();
    }

    const text = new FormData();
    text.append('image', new Blob(['GIF89a not really']), 'fake.png');
    const refused = await send('admin', '/api/review/form/images', {
      method: 'POST',
      form: text,
    });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'Upload a JPEG, PNG, WebP or AVIF image',
    );

    const huge = new FormData();
    huge.append(
      'image',
      new Blob([Buffer.alloc(10 * 1024 * 1024 + 1)]),
      'big.png',
    );
    const tooLarge = await send('admin', '/api/review/form/images', {
      method: 'POST',
      form: huge,
    });
    expect(tooLarge.status).toBe(413);
    expect(
      (await fetch(`${server.baseUrl}/images/uploads/nothing-1.webp`)).status,
    ).toBe(404);
  });

  test('an uploaded logo keeps its transparency at the height it is shown, and e-mails show it as a PNG once it is published', async () => {
    const logo = await sharp({
      create: {
        width: 800,
        height: 400,
        channels: 4,
        background: { r: 10, g: 90, b: 100, alpha: 0 },
      },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([logo]), 'logo.png');
    const response = await send('admin', '/api/review/form/images?for=logo', {
      method: 'POST',
      form,
    });
    expect(response.status).toBe(201);
    const image = (await response.json()) as {
      src: string;
      width: number;
      height: number;
      sources: unknown[];
    };
    expect(image).toMatchObject({ width: 288, height: 144, sources: [] });
    expect(image.src).toMatch(/^\/images\/uploads\/[0-9a-f]{20}-logo\.webp$/);
    const served = await sharp(
      Buffer.from(
        await (await fetch(`${server.baseUrl}${image.src}`)).arrayBuffer(),
      ),
    ).metadata();
    expect(served).toMatchObject({ format: 'webp', hasAlpha: true });

    const unknownUse = await send(
      'admin',
      '/api/review/form/images?for=banner',
      {
        method: 'POST',
        form,
      },
    );
    expect(unknownUse.status).toBe(400);

    const current = (await (
      await send('admin', '/api/review/form')
    ).json()) as FormState;
    const published = await send('admin', '/api/review/form/publish', {
      method: 'POST',
      body: {
        baseVersion: current.version,
        config: {
          ...current.config,
          logo: {
            src: image.src,
            alt: 'Visit Aldmere',
            width: 288,
            height: 144,
          },
        },
      },
    });
    expect(published.status).toBe(201);
    // Served within the poll of the published version.
    await expect
      .poll(
        async () => (await fetch(`${server.baseUrl}/email/logo.png`)).status,
      )
      .toBe(200);
    const png = Buffer.from(
      await (await fetch(`${server.baseUrl}/email/logo.png`)).arrayBuffer(),
    );
    expect(await sharp(png).metadata()).toMatchObject({
      format: 'png',
      height: 80,
      width: 160,
    });
  });
});
