import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeComfyServer } from '../../../test-support/comfyui/fake-comfy-server.ts';
import { comfySettings } from '../../../test-support/fleet-helpers.ts';
import { adminCall, makeOperator, nextTotp, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { appHeaders, buildTestApp, capturingLogger, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { makeResult } from '../../../test-support/works.fixtures.ts';
import { totpCode } from './totp.ts';

// Every successful admin change writes exactly one audit row, naming its action: walked route by route.
let t: TestApp;
let fake: FakeComfyServer;
let owner: TestOperator;
const log = capturingLogger('error');
beforeAll(async () => {
  fake = await FakeComfyServer.start();
  t = await buildTestApp(
    { MODEL_ENGINES: 'architecture-beta:comfyui', ...comfySettings([fake.url]), LOG_LEVEL: 'error' },
    { logger: log.logger },
  );
  owner = await makeOperator(t, 'owner');
});
afterAll(async () => {
  await t.app.services!.engines.close();
  await t.close();
  await fake.close();
});

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2d6a4f' } })
    .png()
    .toBuffer();

function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = '----audit-walk';
  const parts: Uint8Array[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const auditCount = async () =>
  Number((await t.database.query<{ n: string }>('select count(*) as n from audit_log'))[0]!.n);
const lastAction = async () =>
  (await t.database.query<{ action: string }>('select action from audit_log order by id desc limit 1'))[0]!.action;

type Step = () => Promise<{ statusCode: number; json(): { status: number; data?: unknown; msg?: string } }>;

describe('the audit trail', () => {
  it('gets exactly one row for each successful admin change, on every mutating admin route', async () => {
    const { user, cookie } = await seedUser(t);
    const { uploadId } = await makeResult(t, user.id);
    const published = await t.app.inject({
      method: 'POST',
      url: '/turing/community/work/publish',
      headers: { ...appHeaders(), cookie },
      payload: { imageId: uploadId, title: 'Walked' },
    });
    const workId = published.json().data.id as string;
    const reporter = await seedUser(t);
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: '/turing/community/work/report',
        headers: { ...appHeaders(), cookie: reporter.cookie },
        payload: { id: workId, reason: 'spam' },
      });
    await report();
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/turing/support/create',
      headers: { ...appHeaders(), cookie },
      payload: { subject: 'Invoice', message: 'Please send an invoice', contactEmail: 'a@example.com' },
    });
    const ticketId = ticket.json().data.id as string;
    const order = await t.app.inject({
      method: 'POST',
      url: '/turing/billing/order/create',
      headers: { ...appHeaders(), cookie },
      payload: { productId: 'cubes-200', provider: 'dev', currency: 'CNY' },
    });
    const orderId = order.json().data.order.id as string;
    await t.app.inject({
      method: 'POST',
      url: '/turing/billing/dev/confirm',
      headers: { ...appHeaders(), cookie },
      payload: { id: orderId, outcome: 'paid' },
    });
    const other = await seedUser(t);
    const newcomer = await makeOperator(t, 'support', { enrol: false });
    let batch = '';
    let bannerId = '';
    let enrolSecret = '';

    const post =
      (path: string, body: unknown = {}) =>
      () =>
        adminCall(t, owner, 'POST', path, { body });
    const upload = (url: string, fields: Record<string, string>, file: Buffer) => () => {
      const form = multipart(fields, file);
      return t.app.inject({
        method: 'POST',
        url: `/turing${url}`,
        headers: { ...owner.headers, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const steps: [string, Step][] = [
      ['credits/grant', post('/admin/credits/grant', { user: user.id, cubes: 5, note: 'walk' })],
      ['catalogue/update', post('/admin/catalogue/update', { id: 'cubes-200', priceCny: 3600 })],
      [
        'codes/mint',
        async () => {
          const res = await adminCall(t, owner, 'POST', '/admin/codes/mint', { body: { count: 2, cubes: 10 } });
          batch = res.json().data.batch;
          return res;
        },
      ],
      ['codes/revoke', () => adminCall(t, owner, 'POST', '/admin/codes/revoke', { body: { batch } })],
      ['orders/refund', post('/admin/orders/refund', { orderId })],
      ['community/work/hide', post('/admin/community/work/hide', { id: workId, reason: 'spam' })],
      ['community/work/restore', post('/admin/community/work/restore', { id: workId })],
      [
        'community/reports/dismiss',
        async () => {
          await report();
          return adminCall(t, owner, 'POST', '/admin/community/reports/dismiss', { body: { workId } });
        },
      ],
      ['community/user/suspend', post('/admin/community/user/suspend', { user: other.user.id })],
      ['community/user/unsuspend', post('/admin/community/user/unsuspend', { user: other.user.id })],
      ['support/reply', post('/admin/support/reply', { ticketId, message: 'Sent' })],
      ['support/close', post('/admin/support/close', { ticketId })],
      ['engines/drain', post('/admin/engines/drain', { url: fake.url })],
      ['engines/resume', post('/admin/engines/resume', { url: fake.url })],
      [
        'content/banner/create',
        async () => {
          const res = await upload(
            '/admin/content/banner/create',
            { data: JSON.stringify({ titleEn: 'Week', titleZh: '周', link: '/design' }) },
            await picture(1600, 400),
          )();
          bannerId = res.json().data.id;
          return res;
        },
      ],
      ['content/banner/update', () => post('/admin/content/banner/update', { id: bannerId, enabled: false })()],
      [
        'content/banner/image',
        async () => upload(`/admin/content/banner/image?id=${bannerId}`, {}, await picture(1200, 300))(),
      ],
      ['content/banner/reorder', () => post('/admin/content/banner/reorder', { ids: [bannerId] })()],
      ['content/banner/delete', () => post('/admin/content/banner/delete', { id: bannerId })()],
      [
        'content/preset/replace',
        async () => upload('/admin/content/preset/replace?category=material&slug=oak', {}, await picture(384, 288))(),
      ],
      ['content/preset/restore', post('/admin/content/preset/restore', { category: 'material', slug: 'oak' })],
      ['operators/grant', post('/admin/operators/grant', { user: newcomer.userId, role: 'finance' })],
      [
        'totp/enrol',
        async () => {
          const res = await adminCall(t, newcomer, 'POST', '/admin/totp/enrol');
          enrolSecret = res.json().data.secret;
          return res;
        },
      ],
      [
        'totp/confirm',
        () =>
          adminCall(t, newcomer, 'POST', '/admin/totp/confirm', { body: { code: totpCode(enrolSecret, new Date()) } }),
      ],
      [
        'totp/verify',
        async () => {
          const { token } = await t.app.services!.sessions.create(newcomer.userId);
          const headers = { ...appHeaders(), cookie: `sid=${token}` };
          return adminCall(t, { headers }, 'POST', '/admin/totp/verify', { body: { code: nextTotp(enrolSecret) } });
        },
      ],
      ['operators/reset-second-factor', post('/admin/operators/reset-second-factor', { user: newcomer.userId })],
      ['operators/revoke', post('/admin/operators/revoke', { user: newcomer.userId })],
      [
        'backup',
        async () => {
          // The archive is a file, not an envelope: its HTTP status is its answer.
          const res = await adminCall(t, owner, 'POST', '/admin/backup');
          return { statusCode: res.statusCode, json: () => ({ status: res.statusCode }) };
        },
      ],
    ];

    const mutating = t.app.adminRoutes!.filter((r) => r.mutates).map((r) => r.url.replace(/^\/turing\/admin\//, ''));
    expect(steps.map(([action]) => action).sort()).toEqual([...mutating].sort());

    const wrong: string[] = [];
    for (const [action, step] of steps) {
      const before = await auditCount();
      const res = await step();
      const after = await auditCount();
      if (res.json().status !== 200)
        wrong.push(`${action}: ${res.statusCode} ${JSON.stringify(res.json()).slice(0, 160)}`);
      else if (after - before !== 1 || (await lastAction()) !== action) wrong.push(`${action}: ${after - before} rows`);
    }
    expect(wrong).toEqual([]);
    expect(log.lines.filter((l) => String(l.msg).includes('without an audit row'))).toEqual([]);
  });
});
