import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { appHeaders, registerUser } from '../../../test-support/test-app.ts';
import { allImages, createFolder } from '../../../test-support/workspace-helpers.ts';
import {
  balanceOf,
  buildGenerationApp,
  finished,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../test-support/design-helpers.ts';

let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

const ledgerSum = async (userId: string) => t.app.services!.ledger.sumOf(userId);

describe('text to image', () => {
  it('starts at once while a worker has room and completes with stored results, charged once and in step with the ledger', async () => {
    const { cookie, profile } = await registerUser(t);
    expect(await balanceOf(t, cookie)).toEqual({ cubes: 20, planUntil: null });
    const res = await submit(t, cookie, {
      mode: 'text',
      prompt: 'a timber pavilion by a lake',
      tags: { style: ['japandi'], material: ['timber'], function: ['pavilion'] },
      count: 2,
      quality: 'HD',
      size: '16:9',
    });
    expect(res.json().status).toBe(200);
    const task = res.json().data;
    expect(task).toMatchObject({
      state: 'generating',
      mode: 'text',
      engine: 'preview',
      cost: { cubes: 4, coveredByPlan: false },
    });
    expect(task.promptSent).toContain('a timber pavilion by a lake');
    expect(task.promptSent).toContain('japandi');

    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done.state).toBe('complete');
    expect(done.progress).toBe(100);
    expect(done.results).toHaveLength(2);
    expect(done.results[0]).toMatchObject({ width: 1280, height: 720 });
    // The thumbnails follow the completion; until they are stored, the images stand in for them.
    const path = (url: string) => url.split('?')[0];
    for (const r of done.results) {
      const image = await t.app.inject({ method: 'GET', url: r.url });
      expect(image.statusCode).toBe(200);
      if (path(r.thumbUrl) === path(r.url)) expect(image.headers['content-type']).toBe('image/png');
    }
    const thumbed = await until(
      () => getTask(t, cookie, task.id),
      (x) => x.results.every((r: { url: string; thumbUrl: string }) => path(r.thumbUrl) !== path(r.url)),
    );
    for (const r of thumbed.results) {
      const thumb = await t.app.inject({ method: 'GET', url: r.thumbUrl });
      expect(thumb.headers['content-type']).toBe('image/webp');
    }
    expect((await balanceOf(t, cookie)).cubes).toBe(16);
    expect(await ledgerSum(profile.id)).toBe(16);
    // Its run time feeds the wait estimates (written just after the completion commits).
    const stats = await until(
      () =>
        t.database.query<{ avg: number; samples: number }>(
          `select avg_seconds as avg, samples from engine_stats where mode = 'text' and engine = 'preview' and quality = 'HD'`,
        ),
      (rows) => rows.length === 1,
    );
    const ran = (Date.parse(done.finishedAt!) - Date.parse(done.startedAt!)) / 1000;
    expect(stats[0]).toEqual({ avg: expect.closeTo(ran, 2), samples: 1 });
  });

  it('makes in housekeeping a thumbnail that a stopped process never got to, and only that one', async () => {
    const { cookie } = await registerUser(t);
    const task = (await submit(t, cookie, { mode: 'text', prompt: 'a reading room', count: 1 })).json().data;
    const path = (url: string) => url.split('?')[0];
    const first = (x: { results: { url: string; thumbUrl: string }[] }) => x.results[0]!;
    const thumbed = await until(
      () => getTask(t, cookie, task.id),
      (x) => x.state === 'complete' && path(first(x).thumbUrl) !== path(first(x).url),
    );
    // As a process stopping between the completion and the thumbnail leaves it.
    await t.database.query(`update uploads set thumb_key = null where task_id = $1`, [task.id]);
    const bare = await getTask(t, cookie, task.id);
    expect(path(first(bare).thumbUrl)).toBe(path(first(bare).url));
    const images = t.app.services!.images;
    // Not yet: a thumbnail may still be under way for a result this recent.
    expect(await images.fillThumbs(new Date(Date.now() - 60_000))).toBe(0);
    expect(await images.fillThumbs(new Date(Date.now() + 1_000))).toBe(1);
    const again = await getTask(t, cookie, task.id);
    expect(path(first(again).thumbUrl)).not.toBe(path(first(again).url));
    expect(path(first(again).thumbUrl)).not.toBe(path(first(thumbed).thumbUrl));
    const thumb = await t.app.inject({ method: 'GET', url: first(again).thumbUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await images.fillThumbs(new Date(Date.now() + 1_000))).toBe(0);
  });

  it('runs a task whose claim and progress events cannot be written: the claim stands, and the end is shown', async () => {
    const { cookie } = await registerUser(t);
    // Every event of a running task is refused by the database: the claim's, the start's and the progress'.
    await t.database.query(`create function refuse_generating_event() returns trigger language plpgsql as $$
      begin
        if (new.payload->>'seq')::int > 1 and new.payload->>'state' <> 'complete' then
          raise exception 'event table full';
        end if;
        return new;
      end $$`);
    await t.database.query(`create trigger refuse_generating_event before insert on task_events for each row
      execute function refuse_generating_event()`);
    // Through the queue, as on a node whose workers are busy or elsewhere: its claim is a change of its own.
    const viaQueue = t.app.services!.announcer.attachWorkers(async () => null);
    try {
      const task = (await submit(t, cookie, { mode: 'text', prompt: 'a lost event' })).json().data;
      const done = await until(() => getTask(t, cookie, task.id), finished);
      expect(done.state).toBe('complete');
      const events = await t.database.query<{ state: string }>(
        `select payload->>'state' as state from task_events where task_id = $1 order by id`,
        [task.id],
      );
      expect(events.map((e) => e.state)).toEqual(['queued', 'complete']);
    } finally {
      viaQueue();
      await t.database.query('drop trigger refuse_generating_event on task_events');
      await t.database.query('drop function refuse_generating_event()');
    }
  });

  it('completes a task whose filing fails inside its completion, and files its results after it', async () => {
    const { cookie } = await registerUser(t);
    const chosen = await createFolder(t, cookie, 'Filing');
    const workspace = t.app.services!.workspace;
    const fileResultsIn = workspace.fileResultsIn;
    let failed = 0;
    workspace.fileResultsIn = async () => {
      failed += 1;
      throw new Error('the folder table is locked');
    };
    try {
      const task = (
        await submit(t, cookie, { mode: 'text', prompt: 'a filing room', count: 2, folderId: chosen.id })
      ).json().data;
      const done = await until(() => getTask(t, cookie, task.id), finished);
      expect(done.state).toBe('complete');
      expect(done.results).toHaveLength(2);
      expect(failed).toBe(1);
      const filed = await allImages(t, cookie, chosen.id);
      expect(filed.map((i) => i.taskId)).toEqual([task.id, task.id]);
    } finally {
      workspace.fileResultsIn = fileResultsIn;
    }
  });

  it('refuses bad parameters with their messages and charges nothing', async () => {
    const { cookie } = await registerUser(t);
    const other = await registerUser(t);
    const base = await uploadImage(t, other.cookie, await photo(), 'base');
    const cases: [object, string][] = [
      [{ mode: 'text', prompt: '' }, 'Please describe the design or choose tags or a word package'],
      [{ mode: 'text', prompt: 'x'.repeat(1001) }, 'The text is too long'],
      [{ mode: 'iterate', prompt: 'x' }, 'Please upload a base image first'],
      [{ mode: 'edit', baseImageId: base.id }, 'Partial edit requires a region selected in the original image'],
      [{ mode: 'iterate', baseImageId: base.id }, 'The uploaded image was not found, please upload it again'],
      [{ mode: 'text', prompt: 'x', count: 9 }, 'Invalid input or settings'],
      [{ mode: 'text', tags: { style: ['no-such-style'] } }, 'Invalid input or settings'],
    ];
    const theirs = await createFolder(t, other.cookie, 'Theirs');
    cases.push([{ mode: 'text', prompt: 'x', folderId: theirs.id }, 'This folder was not found']);
    for (const [body, msg] of cases) expect((await submit(t, cookie, body)).json().msg).toBe(msg);
    expect((await submit(t, cookie, { mode: 'edit', baseImageId: base.id }, 'zh')).json().msg).toBe(
      '局部编辑需要先在原图中选择区域',
    );
    expect((await balanceOf(t, cookie)).cubes).toBe(20);
  });

  it('answers insufficient balance with its own code and changes nothing', async () => {
    const { cookie, profile } = await registerUser(t);
    const res = await submit(t, cookie, { mode: 'text', prompt: 'tower', quality: 'FHD', count: 4 }, 'zh');
    expect(res.json().status).toBe(200);
    const again = await submit(t, cookie, { mode: 'text', prompt: 'tower', quality: 'FHD', count: 2 });
    expect(again.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await balanceOf(t, cookie)).cubes).toBe(4);
    expect(await ledgerSum(profile.id)).toBe(4);
  });
});

it("opens a new user's account with their first task: the welcome grant pays for it, once", async () => {
  const { cookie, profile } = await registerUser(t);
  // Nothing has looked at the balance yet: the account does not exist before this submit.
  const [first, second] = await Promise.all([
    submit(t, cookie, { mode: 'text', prompt: 'kiosk', quality: 'HD', count: 2 }),
    submit(t, cookie, { mode: 'text', prompt: 'kiosk', quality: 'HD', count: 2 }),
  ]);
  expect([first.json().status, second.json().status]).toEqual([200, 200]);
  const kinds = (await t.app.services!.ledger.history(profile.id)).map((e) => e.kind).sort();
  expect(kinds).toEqual(['charge', 'charge', 'welcome']);
  expect((await balanceOf(t, cookie)).cubes).toBe(12);
  expect(await ledgerSum(profile.id)).toBe(12);

  // A first task the welcome cubes cannot pay for is refused against them, and opens nothing it keeps.
  const poor = await registerUser(t);
  const refused = await submit(t, poor.cookie, { mode: 'text', prompt: 'tower', quality: 'FHD', count: 8 });
  expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', details: { need: 32, have: 20 } });
  expect((await balanceOf(t, poor.cookie)).cubes).toBe(20);
  expect(await ledgerSum(poor.profile.id)).toBe(20);
});

describe('iterate, edit and upscale', () => {
  it('keeps every pixel outside the edit region identical to the base', async () => {
    const { cookie } = await registerUser(t);
    const original = await photo(200, 150);
    const base = await uploadImage(t, cookie, original, 'base');
    const maskRaw = Buffer.alloc(200 * 150);
    for (let y = 40; y < 110; y += 1) for (let x = 60; x < 150; x += 1) maskRaw[y * 200 + x] = 255;
    const maskPng = await sharp(maskRaw, { raw: { width: 200, height: 150, channels: 1 } })
      .png()
      .toBuffer();
    const mask = await uploadImage(t, cookie, maskPng, 'mask');
    const task = (
      await submit(t, cookie, { mode: 'edit', baseImageId: base.id, maskImageId: mask.id, prompt: 'glass facade' })
    ).json().data;
    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done.state).toBe('complete');
    const result = await t.app.inject({ method: 'GET', url: done.results[0]!.url });
    const got = await sharp(result.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const want = await sharp(original).removeAlpha().raw().toBuffer();
    expect(got.info).toMatchObject({ width: 200, height: 150 });
    let changedInside = 0;
    for (let y = 0; y < 150; y += 1) {
      for (let x = 0; x < 200; x += 1) {
        const i = (y * 200 + x) * 3;
        const same = got.data[i] === want[i] && got.data[i + 1] === want[i + 1] && got.data[i + 2] === want[i + 2];
        if (maskRaw[y * 200 + x] === 0) expect(same, `pixel ${x},${y}`).toBe(true);
        else if (!same) changedInside += 1;
      }
    }
    expect(changedInside).toBeGreaterThan(1000);
  });

  it('uses a result as the next base and upscales it', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(), 'base');
    const first = (
      await submit(t, cookie, { mode: 'iterate', baseImageId: base.id, prompt: 'brick', size: '4:3' })
    ).json().data;
    const done = await until(() => getTask(t, cookie, first.id), finished);
    const second = (await submit(t, cookie, { mode: 'upscale', baseImageId: done.results[0]!.id, upscale: 2 })).json()
      .data;
    const up = await until(() => getTask(t, cookie, second.id), finished);
    expect(up.state).toBe('complete');
    expect(up.results[0]!.width).toBe(done.results[0]!.width * 2);
  });

  it('extracts line art from a base image as a new line-art image', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(), 'base');
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/design/lineArt',
      headers: { ...appHeaders(), cookie },
      payload: { imageId: base.id },
    });
    expect(res.json().data).toMatchObject({ kind: 'line-art', width: 320, height: 240 });
  });
});

describe('listing and reading', () => {
  it("pages the user's tasks newest first and never shows another user's", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await submit(t, a.cookie, { mode: 'text', prompt: `p${i}` })).json().data.id);
    const page1 = (
      await t.app.inject({ method: 'GET', url: '/turing/design/task/list?limit=2', headers: { cookie: a.cookie } })
    ).json().data;
    expect(page1.items.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: `/turing/design/task/list?limit=2&cursor=${page1.nextCursor}`,
        headers: { cookie: a.cookie },
      })
    ).json().data;
    expect(page2.items.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/turing/design/task/get?id=${ids[0]}`,
          headers: { cookie: b.cookie },
        })
      ).json().code,
    ).toBe('TASK_NOT_FOUND');
  });
});

describe('the base image of a task', () => {
  const listOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/turing/design/task/list', headers: { cookie } })).json().data.items as {
      id: string;
      baseImage: { url: string; thumbUrl: string } | null;
    }[];

  it('comes with an iterate task (image and thumbnail) for the compare view, and not with a text task', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(), 'base');
    const submitted = (await submit(t, cookie, { mode: 'iterate', baseImageId: base.id, prompt: 'brick' })).json().data;
    expect(submitted.baseImage).toEqual({ url: base.url, thumbUrl: expect.any(String) });
    const done = await until(() => getTask(t, cookie, submitted.id), finished);
    expect(done.baseImage?.url).toBe(base.url);
    const image = await t.app.inject({ method: 'GET', url: done.baseImage!.url });
    expect(image.statusCode).toBe(200);
    expect(
      image.rawPayload.equals(await t.app.inject({ method: 'GET', url: base.url }).then((r) => r.rawPayload)),
    ).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: done.baseImage!.thumbUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');

    const text = (await submit(t, cookie, { mode: 'text', prompt: 'tower' })).json().data;
    expect(text.baseImage).toBeNull();
    const listed = await listOf(cookie);
    expect(listed.find((x) => x.id === text.id)?.baseImage).toBeNull();
    expect(listed.find((x) => x.id === submitted.id)?.baseImage?.url).toBe(base.url);
  });

  it("never carries another user's image, even when the stored parameters name one", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const own = await uploadImage(t, owner.cookie, await photo(), 'base');
    const foreign = await uploadImage(t, other.cookie, await photo(200, 150), 'base');
    const task = (await submit(t, owner.cookie, { mode: 'iterate', baseImageId: own.id, prompt: 'x' })).json().data;
    await until(() => getTask(t, owner.cookie, task.id), finished);
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    await t.database.db
      .update(tasks)
      .set({ params: { ...row!.params, baseImageId: foreign.id } })
      .where(eq(tasks.id, task.id));

    const read = await getTask(t, owner.cookie, task.id);
    expect(read.baseImage).toBeNull();
    expect((await listOf(owner.cookie)).find((x) => x.id === task.id)?.baseImage).toBeNull();
    // The stored parameters keep the id as submitted; the address of the image never appears.
    expect(JSON.stringify(await listOf(owner.cookie))).not.toContain(foreign.url.split('?')[0]);
  });
});
