import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { FakeDashScope } from '../../test-support/providers/fake-dashscope.ts';
import { cleanup, makeContext, makeTask, png } from '../../test-support/providers/provider-test-kit.ts';
import { createInputStager, reachableFromOutside } from './input-stager.ts';

afterEach(cleanup);

describe('whether a provider can reach PUBLIC_URL', () => {
  it.each([
    ['https://studio.example.com', true],
    ['http://203.0.113.9:8080', true],
    ['https://[2001:db8::1]', true],
    [undefined, false],
    ['http://localhost:3000', false],
    ['http://app.localhost', false],
    ['http://127.0.0.1:3000', false],
    ['http://10.1.2.3', false],
    ['http://172.20.0.4', false],
    ['http://192.168.1.20', false],
    ['http://169.254.1.1', false],
    ['http://[::1]:3000', false],
    ['http://[fd00::1]', false],
    ['http://studio', false],
    ['http://nas.local', false],
    ['ftp://files.example.com', false],
    ['not a url', false],
  ])('%s → %s', (url, reachable) => {
    expect(reachableFromOutside(url)).toBe(reachable);
  });
});

describe('staging input images behind signed URLs of our own store', () => {
  let t: TestApp;
  let fake: FakeDashScope;
  beforeAll(async () => {
    fake = await FakeDashScope.start();
    t = await buildTestApp({
      PUBLIC_URL: 'https://studio.example.com',
      DASHSCOPE_API_KEY: fake.key,
      DASHSCOPE_BASE_URL: fake.url,
    });
    // "DashScope" downloads from the public address, which is this app.
    fake.fetchInput = async (url) => {
      const u = new URL(url);
      if (u.origin !== 'https://studio.example.com') return new Response('unknown host', { status: 404 });
      const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
      return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode });
    };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('hands out a signed URL of PUBLIC_URL that serves the image until it is removed, and nothing unsigned', async () => {
    const stager = createInputStager(t.app.services!.storage, 'https://studio.example.com/', 600);
    const bytes = await png(600, 600);
    const url = await stager.put('wan/t-1-base.png', bytes, 'image/png');
    expect(url).toMatch(
      /^https:\/\/studio\.example\.com\/files\/private\/engine-inputs\/wan\/t-1-base\.png\?exp=\d+&sig=/,
    );
    const u = new URL(url);
    const got = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: u.pathname })).statusCode).toBe(404);
    await stager.remove('wan/t-1-base.png');
    expect((await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` })).statusCode).toBe(404);
  });

  it('with a public PUBLIC_URL, the Wan engine sends staged URLs that DashScope can fetch, and removes them after', async () => {
    const engine = await t.app.services!.engines.get('wan');
    const task = makeTask({
      id: 'staged-task',
      mode: 'edit',
      images: { base: await png(1024, 768), mask: await png(1024, 768, 255) },
    });
    const result = await engine.run(task, makeContext());
    expect(result.images).toHaveLength(1);
    const body = fake.submissions().at(-1)!.json as { input: Record<string, string> };
    expect(body.input.base_image_url).toMatch(/^https:\/\/studio\.example\.com\/files\/private\/engine-inputs\/wan\//);
    expect(body.input.mask_image_url).toMatch(/^https:\/\/studio\.example\.com\/files\/private\/engine-inputs\/wan\//);
    const inputs = [...fake.tasks.values()].at(-1)!.inputs;
    expect([inputs.base!.via, inputs.base!.width, inputs.mask!.via]).toEqual(['url', 1024, 'url']);
    expect(await t.app.services!.storage.get('private/engine-inputs/wan/staged-task-1-base.png')).toBeNull();
  });
});

describe('without a public address', () => {
  it('the Wan engine sends data URLs (PUBLIC_URL defaults to localhost in development)', async () => {
    const fake = await FakeDashScope.start();
    const t = await buildTestApp({ DASHSCOPE_API_KEY: fake.key, DASHSCOPE_BASE_URL: fake.url });
    try {
      const engine = await t.app.services!.engines.get('wan');
      await engine.run(makeTask({ mode: 'iterate', images: { base: await png(1024, 768) } }), makeContext());
      const body = fake.submissions()[0]!.json as { input: Record<string, string> };
      expect(body.input.base_image_url).toMatch(/^data:image\/png;base64,/);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
