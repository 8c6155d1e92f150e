import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@turing/contract';
import { png, upload } from '../../../test-support/upload-helpers.ts';
import { appHeaders, buildTestApp, readOutbox, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = fs.readFileSync(path.join(t.config.DATA_DIR, 'admin-token'), 'utf8').trim();
});
afterAll(() => t.close());

type Locale = 'en' | 'zh';
const ticket = (over: object = {}) => ({
  subject: 'Rendering stuck',
  message: 'My iterative rendering has been queued for an hour.',
  contactEmail: 'Ada@Example.com',
  ...over,
});

const create = (cookie: string, payload: object, locale: Locale = 'en') =>
  t.app.inject({ method: 'POST', url: '/turing/support/create', headers: { ...appHeaders(locale), cookie }, payload });
const list = (cookie: string) => t.app.inject({ method: 'GET', url: '/turing/support/list', headers: { cookie } });
const detail = (cookie: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/turing/support/detail?id=${id}`, headers: { cookie } });
const markRead = (cookie: string, ticketId: string, headers: Record<string, string> = appHeaders()) =>
  t.app.inject({ method: 'POST', url: '/turing/support/read', headers: { ...headers, cookie }, payload: { ticketId } });
const reply = (cookie: string, ticketId: string, message: string, locale: Locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/turing/support/reply',
    headers: { ...appHeaders(locale), cookie },
    payload: { ticketId, message },
  });

const admin = (method: 'GET' | 'POST', url: string, payload?: object, token: string | null = adminToken) =>
  t.app.inject({
    method,
    url: `/turing/admin/support/${url}`,
    headers: { ...appHeaders(), ...(token === null ? {} : { [ADMIN_TOKEN_HEADER]: token }) },
    ...(payload ? { payload } : {}),
  });
const staffReply = (ticketId: string, message: string) => admin('POST', 'reply', { ticketId, message });

async function newTicket(cookie: string, over: object = {}, locale: Locale = 'en') {
  const res = await create(cookie, ticket(over), locale);
  expect(res.json().status).toBe(200);
  return res.json().data as { id: string; status: string };
}

async function uploadScreenshot(cookie: string, kind = 'support') {
  const res = await upload(t, cookie, await png(40, 30), 's.png', kind);
  expect(res.json().status).toBe(200);
  return res.json().data as { id: string; url: string };
}

describe('opening a ticket', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/support/create',
      headers: appHeaders(),
      payload: ticket(),
    });
    expect(res.json()).toMatchObject({ status: 202, code: 'SESSION_EXPIRED' });
  });

  it('creates an open ticket with the first message and no screenshot', async () => {
    const { cookie } = await seedUser(t);
    const res = await create(cookie, ticket());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      subject: 'Rendering stuck',
      status: 'open',
      contactEmail: 'ada@example.com',
      unread: false,
      lastMessagePreview: 'My iterative rendering has been queued for an hour.',
    });
    expect(data.messages).toHaveLength(1);
    expect(data.messages[0]).toMatchObject({ author: 'user', screenshotUrl: null, body: ticket().message });
  });

  it('replies to the account e-mail when no contact address is given, and needs one without it', async () => {
    const { contactEmail: _, ...withoutEmail } = ticket();
    const withEmail = await seedUser(t, { email: `own-${Date.now()}@example.com` });
    const res = await create(withEmail.cookie, withoutEmail);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contactEmail).toBe(withEmail.user.email);

    const phoneOnly = await seedUser(t, { phone: `+86138${String(Date.now()).slice(-8)}` });
    const refused = await create(phoneOnly.cookie, withoutEmail);
    expect(refused.json()).toMatchObject({
      code: 'EMAIL_INVALID',
      details: [{ field: 'contactEmail', code: 'EMAIL_INVALID' }],
    });
  });

  it('attaches a screenshot the user uploaded for support', async () => {
    const { cookie } = await seedUser(t);
    const shot = await uploadScreenshot(cookie);
    const data = await newTicket(cookie, { screenshotUploadId: shot.id });
    const shown = (await detail(cookie, data.id)).json().data;
    expect(shown.messages[0].screenshotUrl).toBe(shot.url);
    expect(shot.url).toMatch(/^\/files\/private\/support\/.+\?exp=\d+&sig=/);
  });

  it('refuses an upload of another kind or of another user', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const avatar = await uploadScreenshot(a.cookie, 'avatar');
    const theirs = await uploadScreenshot(b.cookie);
    for (const id of [avatar.id, theirs.id]) {
      const res = await create(a.cookie, ticket({ screenshotUploadId: id }));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('UPLOAD_NOT_FOUND');
    }
    expect((await list(a.cookie)).json().data).toEqual({ items: [], nextCursor: null });
  });

  const cases: [string, object, string, string, string][] = [
    ['subject required', { subject: '  ' }, 'SUBJECT_REQUIRED', 'Please enter a subject', '请输入主题'],
    ['subject at most 120', { subject: 's'.repeat(121) }, 'TEXT_TOO_LONG', 'The text is too long', '输入的文字过长'],
    ['message required', { message: '' }, 'MESSAGE_REQUIRED', 'Please describe your question', '请描述您的问题'],
    ['message at most 5000', { message: 'm'.repeat(5001) }, 'TEXT_TOO_LONG', 'The text is too long', '输入的文字过长'],
    [
      'valid e-mail',
      { contactEmail: 'nobody' },
      'EMAIL_INVALID',
      'Please enter a valid e-mail address',
      '请输入有效的邮箱地址',
    ],
  ];
  it.each(cases)('checks %s in English and Chinese', async (_name, over, code, en, zh) => {
    const { cookie } = await seedUser(t);
    const resEn = await create(cookie, ticket(over));
    expect(resEn.statusCode).toBe(400);
    expect(resEn.json()).toMatchObject({ status: 400, code, msg: en });
    expect((await create(cookie, ticket(over), 'zh')).json()).toMatchObject({ code, msg: zh });
  });

  it('accepts the longest subject and message', async () => {
    const { cookie } = await seedUser(t);
    await newTicket(cookie, { subject: 's'.repeat(120), message: 'm'.repeat(5000) });
  });
});

describe('a user sees only their own tickets', () => {
  it("answers TICKET_NOT_FOUND for another user's ticket", async () => {
    const owner = await seedUser(t);
    const other = await seedUser(t);
    const { id } = await newTicket(owner.cookie);
    expect((await list(other.cookie)).json().data).toEqual({ items: [], nextCursor: null });
    const seen = await detail(other.cookie, id);
    expect(seen.statusCode).toBe(404);
    expect(seen.json()).toMatchObject({ code: 'TICKET_NOT_FOUND', msg: 'This support ticket was not found' });
    expect((await reply(other.cookie, id, 'me too', 'zh')).json()).toMatchObject({
      code: 'TICKET_NOT_FOUND',
      msg: '未找到该工单',
    });
    expect((await detail(owner.cookie, id)).json().data.messages).toHaveLength(1);
  });

  it('answers TICKET_NOT_FOUND for a malformed id', async () => {
    const { cookie } = await seedUser(t);
    expect((await detail(cookie, 'nope')).json().code).toBe('TICKET_NOT_FOUND');
  });
});

describe('the conversation', () => {
  it('lists tickets latest activity first', async () => {
    const { cookie } = await seedUser(t);
    const first = await newTicket(cookie, { subject: 'First' });
    const second = await newTicket(cookie, { subject: 'Second' });
    const order = async () => (await list(cookie)).json().data.items.map((x: { subject: string }) => x.subject);
    expect(await order()).toEqual(['Second', 'First']);
    await reply(cookie, first.id, 'Any news?');
    expect(await order()).toEqual(['First', 'Second']);
    await staffReply(second.id, 'Looking into it.');
    expect(await order()).toEqual(['Second', 'First']);
    const [top] = (await list(cookie)).json().data.items;
    expect(top).toMatchObject({ status: 'answered', unread: true, lastMessagePreview: 'Looking into it.' });
  });

  it('opens the ticket again when the user replies to an answered or closed ticket', async () => {
    const { cookie } = await seedUser(t);
    const { id } = await newTicket(cookie);
    await staffReply(id, 'Please try again now.');
    const answered = await reply(cookie, id, 'Still stuck.');
    expect(answered.json().data).toMatchObject({ status: 'open', lastMessagePreview: 'Still stuck.' });
    expect((await admin('POST', 'close', { ticketId: id })).json().data.status).toBe('closed');
    expect((await detail(cookie, id)).json().data.status).toBe('closed');
    const reopened = (await reply(cookie, id, 'It happened again.')).json().data;
    expect(reopened.status).toBe('open');
    expect(reopened.messages.map((m: { author: string }) => m.author)).toEqual(['user', 'staff', 'user', 'user']);
  });

  it('checks the reply text', async () => {
    const { cookie } = await seedUser(t);
    const { id } = await newTicket(cookie);
    expect((await reply(cookie, id, ' ', 'zh')).json()).toMatchObject({
      code: 'MESSAGE_REQUIRED',
      msg: '请描述您的问题',
    });
    expect((await reply(cookie, id, 'x'.repeat(5001))).json().code).toBe('TEXT_TOO_LONG');
  });
});

describe('staff replies', () => {
  it('mark the ticket answered and unread, and e-mail the contact address in the ticket language', async () => {
    const { cookie } = await seedUser(t);
    const contactEmail = `zh-${Date.now()}@example.com`;
    const { id } = await newTicket(cookie, { subject: '渲染失败', contactEmail }, 'zh');
    const res = await staffReply(id, '已为您重新提交任务。');
    expect(res.json().data).toMatchObject({ status: 'answered', emailed: true, lastAuthor: 'staff', locale: 'zh' });

    const mail = readOutbox(t).filter((e) => e.to === contactEmail);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', purpose: 'support-reply', code: null });
    expect(mail[0]!.text).toContain('渲染失败');
    expect(mail[0]!.text).toContain('技术支持');
    expect(mail[0]!.text).not.toContain('已为您重新提交任务');

    const summary = (await list(cookie)).json().data.items.find((x: { id: string }) => x.id === id);
    expect(summary).toMatchObject({ status: 'answered', unread: true });
    const opened = (await detail(cookie, id)).json().data;
    expect(opened.messages.at(-1)).toMatchObject({ author: 'staff', body: '已为您重新提交任务。' });
  });

  it('stay unread when the ticket is only fetched, and are read once the app says it was opened', async () => {
    const { cookie } = await seedUser(t);
    const { id } = await newTicket(cookie);
    await staffReply(id, 'Fixed.');
    const unread = async () => (await list(cookie)).json().data.items.find((x: { id: string }) => x.id === id).unread;

    // A plain GET (a link, a prefetch, another site's image tag) changes nothing.
    expect((await detail(cookie, id)).json().data.unread).toBe(true);
    expect(await unread()).toBe(true);
    // Marking read is a state change: without the app's header it is refused like any other.
    expect((await markRead(cookie, id, { 'accept-language': 'en' })).statusCode).toBe(403);
    expect(await unread()).toBe(true);

    const read = await markRead(cookie, id);
    expect(read.json()).toMatchObject({ status: 200, data: { id, status: 'answered', unread: false } });
    expect(await unread()).toBe(false);
    expect((await detail(cookie, id)).json().data.unread).toBe(false);
  });

  it("cannot mark another user's ticket read", async () => {
    const owner = await seedUser(t);
    const other = await seedUser(t);
    const { id } = await newTicket(owner.cookie);
    await staffReply(id, 'Fixed.');
    expect((await markRead(other.cookie, id)).json()).toMatchObject({ code: 'TICKET_NOT_FOUND' });
    expect((await markRead(other.cookie, 'nope')).json()).toMatchObject({ code: 'TICKET_NOT_FOUND' });
    expect((await detail(owner.cookie, id)).json().data.unread).toBe(true);
  });

  it('write English notices for tickets written in English', async () => {
    const { cookie } = await seedUser(t);
    const contactEmail = `en-${Date.now()}@example.com`;
    const { id } = await newTicket(cookie, { contactEmail });
    await staffReply(id, 'Fixed.');
    const mail = readOutbox(t).filter((e) => e.to === contactEmail);
    expect(mail[0]!.text).toContain('Technical support');
  });

  it('answer TICKET_NOT_FOUND for an unknown ticket', async () => {
    const res = await staffReply('00000000-0000-4000-8000-000000000000', 'Hello');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TICKET_NOT_FOUND');
  });
});

describe('the admin API', () => {
  it('needs the admin token', async () => {
    const missing = await admin('GET', 'list', undefined, null);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'ADMIN_TOKEN_INVALID' });
    expect(missing.json().msg).toContain('x-admin-token');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/turing/admin/support/list',
      headers: { [ADMIN_TOKEN_HEADER]: 'guess', 'accept-language': 'zh' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe('拒绝访问：管理令牌（x-admin-token 请求头）缺失或错误');
    const { cookie } = await seedUser(t);
    const { id } = await newTicket(cookie);
    const withSession = await t.app.inject({
      method: 'POST',
      url: '/turing/admin/support/close',
      headers: { ...appHeaders(), cookie },
      payload: { ticketId: id },
    });
    expect(withSession.statusCode).toBe(403);
    expect((await detail(cookie, id)).json().data.status).toBe('open');
  });

  it('keeps the generated token in an owner-only file', () => {
    const file = path.join(t.config.DATA_DIR, 'admin-token');
    expect(adminToken).toMatch(/^[\w-]{40,}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('lists open tickets by default, every status when asked, with the author', async () => {
    const { cookie, user } = await seedUser(t);
    const open = await newTicket(cookie, { subject: 'Open one' });
    const closed = await newTicket(cookie, { subject: 'Closed one' });
    await admin('POST', 'close', { ticketId: closed.id });
    const ids = async (query: string) =>
      (await admin('GET', `list${query}`)).json().data.items.map((x: { id: string }) => x.id) as string[];
    expect(await ids('')).toContain(open.id);
    expect(await ids('')).not.toContain(closed.id);
    expect(await ids('?status=closed')).toEqual(expect.arrayContaining([closed.id]));
    expect(await ids('?status=all')).toEqual(expect.arrayContaining([open.id, closed.id]));
    const shown = (await admin('GET', `detail?id=${open.id}`)).json().data;
    expect(shown).toMatchObject({ username: user.username, contactEmail: 'ada@example.com', lastAuthor: 'user' });
  });

  it('is left out of the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/turing/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/turing/support/create', '/turing/support/list']));
    expect(paths.filter((p) => p.includes('/admin/'))).toEqual([]);
  });
});

describe('a configured ADMIN_TOKEN', () => {
  it('is used instead of a token file', async () => {
    const other = await buildTestApp({ ADMIN_TOKEN: 'configured-token-0123456789' });
    try {
      expect(fs.existsSync(path.join(other.config.DATA_DIR, 'admin-token'))).toBe(false);
      const get = (token: string) =>
        other.app.inject({
          method: 'GET',
          url: '/turing/admin/support/list',
          headers: { [ADMIN_TOKEN_HEADER]: token },
        });
      expect((await get('configured-token-0123456789')).json()).toEqual({
        status: 200,
        msg: 'success',
        data: { items: [], nextCursor: null },
      });
      expect((await get(adminToken)).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});
