import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { Task } from '@turing/contract';
import { appHeaders, registerUser } from '../../../test-support/test-app.ts';
import {
  buildGenerationApp,
  finished,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../test-support/design-helpers.ts';
import { allImages, defaultFolder } from '../../../test-support/workspace-helpers.ts';

let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

/** Submits a task and waits until it completes. */
async function made(cookie: string, body: object): Promise<Task> {
  const res = (await submit(t, cookie, body)).json();
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(res)}`);
  const done = await until(() => getTask(t, cookie, (res.data as Task).id), finished);
  expect(done.state).toBe('complete');
  return done;
}

/** The name the server gives one image's download (the UTF-8 `filename*`). */
async function downloadName(cookie: string, imageId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/turing/workspace/image/download?id=${imageId}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers['content-disposition'] as string)![1]!);
}

/** The names of a ZIP's entries, in order. */
function zipNames(data: Buffer) {
  return new Promise<string[]>((resolve, reject) => {
    const names: string[] = [];
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const dayOf = (task: Task) => task.createdAt.slice(0, 10);

describe('download names of a batch and of what was made from it', () => {
  it('numbers the images of a batch, one by one and in a ZIP', async () => {
    const { cookie } = await registerUser(t);
    const batch = await made(cookie, { mode: 'text', prompt: 'Brick library by a canal', count: 3 });
    const stem = `brick-library-by-a-canal-${dayOf(batch)}`;
    const names = [];
    for (const r of batch.results) names.push(await downloadName(cookie, r.id));
    // In the order the task lists its results, as the stage and the film strip show them.
    expect(names).toEqual([`${stem}-1.png`, `${stem}-2.png`, `${stem}-3.png`]);

    const items = await allImages(t, cookie, (await defaultFolder(t, cookie)).id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/workspace/image/zip',
      headers: { ...appHeaders(), cookie },
      payload: { ids: items.map((i) => i.id) },
    });
    expect(res.statusCode).toBe(200);
    expect((await zipNames(res.rawPayload)).sort()).toEqual(names);
  });

  it('gives an upscale and an edit the name of the image they were made from, with what was done', async () => {
    const { cookie } = await registerUser(t);
    const batch = await made(cookie, { mode: 'text', prompt: 'Timber pavilion', count: 2 });
    const second = `timber-pavilion-${dayOf(batch)}-2`;
    const upscaled = await made(cookie, { mode: 'upscale', baseImageId: batch.results[1]!.id, upscale: 4 });
    expect(await downloadName(cookie, upscaled.results[0]!.id)).toBe(`${second}-upscaled-x4.png`);

    const { width, height } = batch.results[1]!;
    const maskRaw = Buffer.alloc(width * height, 0);
    maskRaw.fill(255, 0, width * Math.floor(height / 2));
    const mask = await uploadImage(
      t,
      cookie,
      await sharp(maskRaw, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer(),
      'mask',
    );
    const edited = await made(cookie, {
      mode: 'edit',
      baseImageId: batch.results[1]!.id,
      maskImageId: mask.id,
      prompt: 'A green roof',
      count: 2,
    });
    const editNames = [];
    for (const r of edited.results) editNames.push(await downloadName(cookie, r.id));
    expect(editNames).toEqual([`${second}-edited-1.png`, `${second}-edited-2.png`]);

    // Step by step: an upscale of one of those edits says both steps.
    const again = await made(cookie, { mode: 'upscale', baseImageId: edited.results[0]!.id, upscale: 2 });
    expect(await downloadName(cookie, again.results[0]!.id)).toBe(`${second}-edited-1-upscaled-x2.png`);
  });

  it('names what was made from an uploaded photo by its own words, or its id', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(200, 150), 'base');
    const upscaled = await made(cookie, { mode: 'upscale', baseImageId: base.id, upscale: 2 });
    const short = upscaled.results[0]!.id.replace(/-/g, '').slice(0, 8);
    expect(await downloadName(cookie, upscaled.results[0]!.id)).toBe(
      `turing-${dayOf(upscaled)}-${short}-upscaled-x2.png`,
    );
  });
});
