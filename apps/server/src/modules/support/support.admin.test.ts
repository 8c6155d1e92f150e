import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTicketCounts, AdminTicketDetail, AdminTicketSummary } from '@turing/contract';
import { auditLog, supportMessages, supportTickets } from '../../db/schema/index.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { png, upload } from '../../../test-support/upload-helpers.ts';
import { appHeaders, buildTestApp, capturingLogger, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let support: TestOperator;
const log = capturingLogger('error');
beforeAll(async () => {
  t = await buildTestApp({}, { logger: log.logger });
  support = await makeOperator(t, 'support');
});
afterAll(() => t.close());

async function userTicket(subject = 'Rendering stuck', opts: { screenshot?: boolean } = {}) {
  const { cookie } = await seedUser(t, { email: `u${Date.now()}${Math.random()}@example.com` });
  const headers = { ...appHeaders(), cookie };
  let screenshotUploadId: string | undefined;
  if (opts.screenshot) {
    const up = await upload(t, cookie, await png(40, 30), 's.png', 'support');
    screenshotUploadId = up.json().data.id;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/turing/support/create',
    headers,
    payload: { subject, message: 'It has been queued for an hour.', screenshotUploadId },
  });
  expect(res.json().status).toBe(200);
  const id = res.json().data.id as string;
  const userReply = (message: string) =>
    t.app.inject({ method: 'POST', url: '/turing/support/reply', headers, payload: { ticketId: id, message } });
  return { id, userReply };
}

const call = (method: 'GET' | 'POST', path: string, input?: Parameters<typeof adminCall>[4], who = support) =>
  adminCall(t, who, method, `/admin/support/${path}`, input);
const detail = async (id: string) => (await call('GET', 'detail', { query: { id } })).json().data as AdminTicketDetail;
const counts = async () => (await call('GET', 'counts')).json().data as AdminTicketCounts;
const listed = async (status: string, id: string) => {
  const page = (await call('GET', 'list', { query: { status, limit: '100' } })).json().data;
  return (page.items as AdminTicketSummary[]).find((x) => x.id === id);
};
const auditOf = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));
const messagesOf = (ticketId: string) =>
  t.database.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId));

describe('the support inbox', () => {
  it('counts the user messages support has not seen, per ticket and in total', async () => {
    const before = await counts();
    const { id, userReply } = await userTicket('Two messages');
    await userReply('Any news?');
    expect(await listed('open', id)).toMatchObject({ status: 'open', lastAuthor: 'user', unreadByStaff: 2 });
    expect(await counts()).toEqual({ ...before, open: before.open + 1, unreadMessages: before.unreadMessages + 2 });

    await call('POST', 'reply', { body: { ticketId: id, message: 'We are on it.' } });
    expect(await listed('answered', id)).toMatchObject({ lastAuthor: 'staff', unreadByStaff: 0 });
    await userReply('Still stuck.');
    expect((await detail(id)).unreadByStaff).toBe(1);
    expect(await counts()).toEqual({ ...before, open: before.open + 1, unreadMessages: before.unreadMessages + 1 });

    // Closing is support's answer too: nothing is left unseen.
    await call('POST', 'close', { body: { ticketId: id } });
    expect(await listed('closed', id)).toMatchObject({ unreadByStaff: 0 });
    expect(await counts()).toEqual({ ...before, closed: before.closed + 1 });
  });

  it("shows the conversation with the user's screenshot as an image link", async () => {
    const { id } = await userTicket('With a picture', { screenshot: true });
    const shown = await detail(id);
    expect(shown.messages).toHaveLength(1);
    expect(shown.messages[0]).toMatchObject({ author: 'user', screenshotUrl: expect.stringMatching(/^\/files\//) });
  });
});

describe('answering and closing, audited', () => {
  it('writes one audit row with the status before and after, naming the operator', async () => {
    const { id } = await userTicket('Audited reply');
    const res = await call('POST', 'reply', { body: { ticketId: id, message: 'Fixed now.' } });
    expect(res.json()).toMatchObject({ status: 200, data: { status: 'answered' } });
    const rows = await auditOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'support/reply',
      actorName: support.username,
      actorRole: 'support',
      targetType: 'ticket',
      targetLabel: 'Audited reply',
      before: { status: 'open' },
      after: { status: 'answered', messageId: expect.any(String) },
    });

    await call('POST', 'close', { body: { ticketId: id } });
    expect((await auditOf(id))[1]).toMatchObject({
      action: 'support/close',
      before: { status: 'answered' },
      after: { status: 'closed' },
    });
  });

  it('refuses to close a closed ticket, in the caller’s language, and writes nothing', async () => {
    const { id } = await userTicket('Closed twice');
    await call('POST', 'close', { body: { ticketId: id } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/turing/admin/support/close',
      headers: { ...support.headers, 'accept-language': 'zh' },
      payload: { ticketId: id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TICKET_CLOSED', msg: '该工单已关闭' });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses an empty reply or an unknown ticket and changes nothing', async () => {
    const { id } = await userTicket('Bad input');
    const empty = await call('POST', 'reply', { body: { ticketId: id, message: '   ' } });
    expect(empty.json()).toMatchObject({ code: 'MESSAGE_REQUIRED', msg: expect.any(String) });
    const unknown = await call('POST', 'reply', {
      body: { ticketId: '00000000-0000-4000-8000-000000000000', message: 'Hello' },
    });
    expect(unknown.json().code).toBe('TICKET_NOT_FOUND');
    const closeUnknown = await call('POST', 'close', { body: { ticketId: 'not-a-ticket' } });
    expect(closeUnknown.json().code).toBe('TICKET_NOT_FOUND');
    expect(await messagesOf(id)).toHaveLength(1);
    expect((await detail(id)).status).toBe('open');
    expect(await auditOf(id)).toEqual([]);
  });

  it('keeps the reply out when its audit row cannot be written: both or neither', async () => {
    const { id } = await userTicket('Atomic');
    const failing = async () => {
      throw new Error('audit store unavailable');
    };
    await expect(t.app.services!.support.staffReply(id, 'Lost with its audit row', failing)).rejects.toThrow(
      'audit store unavailable',
    );
    await expect(t.app.services!.support.close(id, failing)).rejects.toThrow();
    expect(await messagesOf(id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ status: 'open', lastAuthor: 'user' });
  });
});

describe('who may use the inbox', () => {
  it.each(['finance', 'moderator'] as const)('refuses a %s operator', async (role) => {
    const other = await makeOperator(t, role);
    const { id } = await userTicket(`Not for ${role}`);
    for (const [method, path, input] of [
      ['GET', 'list', { query: { status: 'all' } }],
      ['GET', 'counts', undefined],
      ['GET', 'detail', { query: { id } }],
      ['POST', 'reply', { body: { ticketId: id, message: 'Hi' } }],
      ['POST', 'close', { body: { ticketId: id } }],
    ] as const) {
      const res = await call(method, path, input, other);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('ADMIN_FORBIDDEN');
    }
    expect(await messagesOf(id)).toHaveLength(1);
    expect(await auditOf(id)).toEqual([]);
  });

  it('lets an owner answer as support would', async () => {
    const owner = await makeOperator(t, 'owner');
    const { id } = await userTicket('Owner answers');
    const res = await call('POST', 'reply', { body: { ticketId: id, message: 'Owner here.' } }, owner);
    expect(res.json().data.status).toBe('answered');
    expect((await auditOf(id))[0]).toMatchObject({ actorRole: 'owner', actorName: owner.username });
  });
});

describe('the trail as a whole', () => {
  // Runs last: every successful change above must have written its row.
  it('has no successful support call without its audit row', () => {
    expect(log.lines.filter((l) => l.msg === 'admin action answered without an audit row')).toEqual([]);
  });
});
