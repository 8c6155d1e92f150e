import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../shared/password.ts';
import { GUIDE_STEPS_MAX } from './user.service.ts';
import { png, upload as uploadAs } from '../../../test-support/upload-helpers.ts';
import { appHeaders, buildTestApp, cookieFrom, registerUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const upload = (cookie: string, file: Buffer, filename: string, kind = 'avatar', locale: 'en' | 'zh' = 'en') =>
  uploadAs(t, cookie, file, filename, kind, locale);

const update = (cookie: string, payload: object, locale: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/user/update/info',
    headers: { ...appHeaders(locale), cookie },
    payload,
  });

describe('profile', () => {
  it('updates nickname, signature, gender and occupation', async () => {
    const { cookie } = await registerUser(t);
    const res = await update(cookie, {
      nickname: 'Ada L.',
      signature: 'Concrete and light',
      gender: 'female',
      occupation: 'interior_designer',
    });
    expect(res.json().data).toMatchObject({
      nickname: 'Ada L.',
      signature: 'Concrete and light',
      gender: 'female',
      occupation: 'interior_designer',
    });
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(info.json().data.nickname).toBe('Ada L.');
  });

  it('rejects bad values with their messages and changes nothing', async () => {
    const { cookie } = await registerUser(t);
    expect((await update(cookie, { nickname: '' })).json().msg).toBe('Please enter a nickname');
    expect((await update(cookie, { nickname: 'n'.repeat(33) }, 'zh')).json().msg).toBe('昵称最多 32 个字符');
    expect((await update(cookie, { signature: 's'.repeat(201) })).json().code).toBe('SIGNATURE_TOO_LONG');
    expect((await update(cookie, { gender: 'robot' })).json().status).toBe(400);
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(info.json().data.signature).toBe('');
  });

  it('needs a session', async () => {
    const res = await update('', { nickname: 'x' });
    expect(res.json().status).toBe(202);
  });
});

describe('avatar upload', () => {
  it('accepts a png judged by content, stores a cleaned square and sets it as avatar', async () => {
    const { cookie } = await registerUser(t);
    const res = await upload(cookie, await png(640, 480), 'photo.bin');
    expect(res.json().status).toBe(200);
    const image = res.json().data;
    expect(image).toMatchObject({ kind: 'avatar', width: 256, height: 256 });
    const file = await t.app.inject({ method: 'GET', url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('max-age');
    const set = await update(cookie, { avatarUploadId: image.id });
    expect(set.json().data.avatarUrl).toBe(image.url);
  });

  it('accepts jpeg and refuses other content whatever the name', async () => {
    const { cookie } = await registerUser(t);
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect((await upload(cookie, jpeg, 'a.jpeg')).json().status).toBe(200);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const refused = await upload(cookie, gif, 'looks-fine.png');
    expect(refused.json()).toMatchObject({
      code: 'IMAGE_FORMAT',
      msg: 'Wrong image format: only png, jpg and jpeg are accepted',
    });
    expect((await upload(cookie, Buffer.from('not an image at all'), 'x.png', 'avatar', 'zh')).json().msg).toBe(
      '图片格式错误：仅支持 png、jpg、jpeg',
    );
  });

  it('refuses images over 5MB', async () => {
    const { cookie } = await registerUser(t);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(cookie, big, 'big.png');
    expect(res.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      msg: 'The image is over 5MB, please choose a smaller one',
    });
  });

  it("cannot use another user's upload", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const image = (await upload(a.cookie, await png(), 'a.png')).json().data;
    expect((await update(b.cookie, { avatarUploadId: image.id })).json().code).toBe('UPLOAD_NOT_FOUND');
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await registerUser(t, { email: 'chpw@example.com' });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/turing/unauthorized/login',
        headers: appHeaders(),
        payload: { email: 'chpw@example.com', password: user.password },
      });
    const other = cookieFrom(await login());
    const change = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/turing/user/update/password',
        headers: { ...appHeaders(), cookie: user.cookie },
        payload,
      });
    expect(
      (await change({ oldPassword: 'wrong', password: 'brandnew1', confirmPassword: 'brandnew1' })).json().code,
    ).toBe('OLD_PASSWORD_WRONG');
    expect(
      (await change({ oldPassword: user.password, password: 'brandnew1', confirmPassword: 'brandnew2' })).json().msg,
    ).toBe('The two passwords do not match');
    expect(
      (await change({ oldPassword: user.password, password: 'brandnew1', confirmPassword: 'brandnew1' })).json().status,
    ).toBe(200);
    const info = (cookie: string) => t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect((await info(user.cookie)).json().status).toBe(200);
    expect((await info(other)).json().status).toBe(202);
  });
});

describe('beginner guide', () => {
  it('stores progress per user', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const get = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/turing/user/beginnerGuide/get', headers: { cookie } });
    const set = (cookie: string, qs: string) =>
      t.app.inject({
        method: 'POST',
        url: `/turing/user/beginnerGuide/set?${qs}`,
        headers: { ...appHeaders(), cookie },
      });
    expect((await get(a.cookie)).json().data).toEqual({ progress: {} });
    expect((await set(a.cookie, 'key=design&done=true')).json().data).toEqual({ progress: { design: true } });
    expect((await set(a.cookie, 'key=workspace')).json().data).toEqual({ progress: { design: true, workspace: true } });
    expect((await set(a.cookie, 'key=design&done=false')).json().data.progress.design).toBe(false);
    expect((await set(a.cookie, 'key=bad%20key')).json().status).toBe(400);
    expect((await get(b.cookie)).json().data).toEqual({ progress: {} });
  });

  it(`keeps at most ${GUIDE_STEPS_MAX} steps: a new one past that is refused, a known one still changes`, async () => {
    const { cookie, profile } = await registerUser(t);
    const full = Object.fromEntries(Array.from({ length: GUIDE_STEPS_MAX }, (_, i) => [`step${i}`, true]));
    await t.database.db.update(users).set({ guideProgress: full }).where(eq(users.id, profile.id));
    const set = (qs: string) =>
      t.app.inject({
        method: 'POST',
        url: `/turing/user/beginnerGuide/set?${qs}`,
        headers: { ...appHeaders(), cookie },
      });
    expect((await set('key=one-more')).json()).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect((await set('key=step0&done=false')).json().data.progress).toEqual({ ...full, step0: false });
  });
});

describe('password checks', () => {
  it('compare with the stored password, never a cached copy', async () => {
    const user = await registerUser(t);
    const info = () => t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie: user.cookie } });
    expect((await info()).json().status).toBe(200);
    // Changed elsewhere (another API node, an operator) while this node holds the session.
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('elsewhere1') })
      .where(eq(users.id, user.profile.id));
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/turing/user/update/password',
        headers: { ...appHeaders(), cookie: user.cookie },
        payload: { oldPassword, password: 'brandnew1', confirmPassword: 'brandnew1' },
      });
    expect((await change(user.password)).json().code).toBe('OLD_PASSWORD_WRONG');
    expect((await change('elsewhere1')).json().status).toBe(200);
  });
});

describe('a NUL character', () => {
  it('is refused with a clear message in every text field, and nothing changes', async () => {
    const { cookie } = await registerUser(t);
    const nul = '\u0000';
    for (const payload of [{ nickname: `Ada${nul}` }, { signature: `a${nul}b` }]) {
      const en = await update(cookie, payload);
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        code: 'TEXT_INVALID_CHAR',
        msg: 'The text contains a character that cannot be kept (a NUL byte, a broken character or a text-direction control), please remove it',
      });
      expect((await update(cookie, payload, 'zh')).json().msg).toBe(
        '输入内容包含无法保存的字符（NUL 空字符、残缺字符或文字方向控制符），请删除后重试',
      );
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/login',
      headers: appHeaders(),
      payload: { email: 'nul@example.com', password: `secret${nul}` },
    });
    expect(login.json().code).toBe('TEXT_INVALID_CHAR');
    const register = await t.app.inject({
      method: 'POST',
      url: '/turing/unauthorized/reg',
      headers: appHeaders(),
      payload: {
        email: 'nul@example.com',
        code: '123456',
        username: `nul${nul}`,
        password: 'secret123',
        confirmPassword: 'secret123',
        occupation: 'architect',
        agree: true,
      },
    });
    expect(register.json().code).toBe('TEXT_INVALID_CHAR');
    const info = await t.app.inject({ method: 'GET', url: '/turing/user/info', headers: { cookie } });
    expect(info.json().data.nickname).not.toContain(nul);
  });
});
