import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tag } from '@turing/contract';
import { registerUser } from '../../../test-support/test-app.ts';
import {
  buildGenerationApp,
  finished,
  getTask,
  photo,
  submit,
  until,
  uploadImage,
} from '../../../test-support/design-helpers.ts';
import { createPresetImages } from './presets/preset-images.ts';

let t: Awaited<ReturnType<typeof buildGenerationApp>>;
beforeAll(async () => {
  t = await buildGenerationApp();
});
afterAll(() => t.close());

const tagsOf = async (type: string) =>
  (await t.app.inject({ method: 'GET', url: `/turing/design/tags?type=${type}` })).json().data as Record<
    'style' | 'material' | 'function',
    Tag[]
  >;

describe('preset cards', () => {
  it('give every style and material a small thumbnail that loads', async () => {
    const tags = await tagsOf('interior');
    for (const tag of [...tags.style, ...tags.material]) {
      expect(tag.image, tag.slug).toMatch(new RegExp(`^/turing/design/preset/${tag.category}/${tag.slug}\\?v=`));
    }
    const oak = tags.material.find((m) => m.slug === 'oak')!;
    const res = await t.app.inject({ method: 'GET', url: oak.image! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.length).toBeLessThan(8_000);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(192);
    const missing = await t.app.inject({ method: 'GET', url: '/turing/design/preset/material/..%2Fsecret' });
    expect(missing.statusCode).toBe(404);
  });

  it('offer room types for interiors and building types for architecture, each with its words in both languages', async () => {
    const rooms = (await tagsOf('interior')).function;
    const buildings = (await tagsOf('architectural')).function;
    const slugs = (list: Tag[]) => list.map((tag) => tag.slug);
    expect(slugs(rooms)).toEqual(
      expect.arrayContaining([
        'living-room',
        'bedroom',
        'kitchen',
        'bathroom',
        'workspace',
        'restaurant',
        'retail',
        'lobby',
      ]),
    );
    expect(slugs(buildings)).toEqual(expect.arrayContaining(['house', 'villa', 'office-tower', 'museum', 'school']));
    expect(slugs(rooms)).not.toContain('museum');
    expect(slugs(buildings)).not.toContain('kitchen');
    for (const tag of [...rooms, ...buildings]) {
      expect(tag.prompt.en).toMatch(/[a-z]/);
      expect(tag.prompt.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(rooms.find((r) => r.slug === 'kitchen')).toMatchObject({
      label: { en: 'Kitchen', zh: '厨房' },
      prompt: { en: 'kitchen interior', zh: '厨房室内' },
    });
  });

  it("take an operator's own file over the shipped one, and add one where none ships", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'presets-'));
    await mkdir(path.join(root, 'material'));
    await mkdir(path.join(root, 'function'));
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(root, 'material', 'oak.jpg'), jpeg);
    await writeFile(path.join(root, 'function', 'kitchen.jpg'), jpeg);
    await writeFile(path.join(root, 'function', 'notes.txt'), 'not an image');
    const images = createPresetImages({ overridesDir: root });
    const urls = await images.urls();
    expect(urls.get('material/oak')).toMatch(/^\/turing\/design\/preset\/material\/oak\?v=/);
    expect(urls.get('function/kitchen')).toBeDefined();
    expect(urls.get('function/notes')).toBeUndefined();
    expect(urls.get('material/walnut')).toBeDefined();
    expect(await images.read('material', 'oak')).toEqual({ bytes: jpeg, type: 'image/jpeg' });
    expect((await images.read('material', 'walnut'))?.type).toBe('image/webp');
    expect(await images.read('material', '../oak')).toBeNull();
  });
});

describe('render modes of iterative rendering', () => {
  it('a neural render draws its line art from the base and keeps the choice on the task', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(), 'base');
    const res = await submit(t, cookie, {
      mode: 'iterate',
      renderMode: 'neural',
      baseImageId: base.id,
      controlStrength: 0.9,
      prompt: 'white model to timber house',
    });
    expect(res.json().status).toBe(200);
    const task = res.json().data;
    expect(task.params).toMatchObject({ renderMode: 'neural', controlStrength: 0.9 });
    expect(task.params.lineArtImageId).toEqual(expect.any(String));
    expect(task.params.lineArtImageId).not.toBe(base.id);
    const done = await until(() => getTask(t, cookie, task.id), finished);
    expect(done.state).toBe('complete');
  });

  it('image to image follows no guides; other modes carry no render mode', async () => {
    const { cookie } = await registerUser(t);
    const base = await uploadImage(t, cookie, await photo(), 'base');
    const lines = await uploadImage(t, cookie, await photo(), 'line-art');
    const free = (
      await submit(t, cookie, {
        mode: 'iterate',
        renderMode: 'img2img',
        baseImageId: base.id,
        lineArtImageId: lines.id,
        imageWeight: 0.3,
      })
    ).json().data;
    expect(free.params.renderMode).toBe('img2img');
    expect(free.params.lineArtImageId).toBeUndefined();
    const text = (await submit(t, cookie, { mode: 'text', renderMode: 'neural', prompt: 'a house' })).json().data;
    expect(text.params.renderMode).toBeUndefined();
    const refused = await submit(t, cookie, { mode: 'iterate', renderMode: 'sketchy', baseImageId: base.id });
    expect(refused.json().status).toBe(400);
    await until(() => getTask(t, cookie, free.id), finished);
    await until(() => getTask(t, cookie, text.id), finished);
  });
});
