import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEngine } from '@turing/contract';
import { auditLog, engineDrains } from '../../db/schema/index.ts';
import type { Engine } from '../../generation/engine.ts';
import {
  cleanup,
  makeContext,
  makeTask,
  startEngine,
  untilRunning,
} from '../../../test-support/comfyui/comfy-test-kit.ts';
import { FakeComfyServer } from '../../../test-support/comfyui/fake-comfy-server.ts';
import { comfySettings } from '../../../test-support/fleet-helpers.ts';
import { adminCall, makeOperator, type TestOperator } from '../../../test-support/operator-helpers.ts';
import { buildTestApp, capturingLogger, type TestApp } from '../../../test-support/test-app.ts';
import { createEngineDrainStore } from './system.module.ts';

let t: TestApp;
let owner: TestOperator;
let a: FakeComfyServer;
let b: FakeComfyServer;
let engine: Engine;
const log = capturingLogger('error');
beforeAll(async () => {
  [a, b] = await Promise.all([FakeComfyServer.start(), FakeComfyServer.start()]);
  t = await buildTestApp({ GENERATION_ENGINE: 'comfyui', ...comfySettings([a.url, b.url]) }, { logger: log.logger });
  owner = await makeOperator(t, 'owner');
  engine = await t.app.services!.engines.get('comfyui');
});
afterAll(async () => {
  await cleanup();
  // The registry's engines belong to the workers, which tests do not start: close them here.
  await t.app.services!.engines.close();
  await t.close();
  await Promise.all([a.close(), b.close()]);
});

const drain = (url: string, who: TestOperator | 'token' = owner) =>
  adminCall(t, who, 'POST', '/admin/engines/drain', { body: { url } });
const resume = (url: string, who: TestOperator | 'token' = owner) =>
  adminCall(t, who, 'POST', '/admin/engines/resume', { body: { url } });
const serverIn = async (url: string) => {
  const engines = (await adminCall(t, owner, 'GET', '/admin/engines')).json().data as AdminEngine[];
  return engines.find((e) => e.name === 'comfyui')!.servers.find((s) => s.url === url)!;
};
const auditOf = (url: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, url)).orderBy(asc(auditLog.id));
const drainRows = () => t.database.db.select().from(engineDrains);
const prompts = (fake: FakeComfyServer) => fake.bodiesOf('POST /prompt').length;

describe('draining a GPU server for maintenance', () => {
  it('lets its running prompt finish, sends the next task elsewhere, and takes work again once resumed', async () => {
    a.queue.hold = true;
    const ctx = makeContext();
    const first = engine.run(makeTask(), ctx);
    await untilRunning(ctx, first);
    expect(a.queue.running).toBeDefined();

    const drained = await drain(a.url);
    expect(drained.json()).toMatchObject({ status: 200, data: { url: a.url, state: 'draining', ok: false } });
    const shown = await serverIn(a.url);
    expect(shown).toMatchObject({
      state: 'draining',
      running: 1,
      drainedBy: owner.username,
      detail: expect.stringMatching(new RegExp(`^drained by ${owner.username} since \\d{4}-`)),
    });
    expect(shown.since).toBe(shown.drainedAt);
    expect(await serverIn(b.url)).toMatchObject({ state: 'up' });

    // The prompt it runs is not touched: it ends there.
    a.queue.hold = false;
    a.queue.release();
    expect((await first).server).toBe(a.url);

    const atA = prompts(a);
    expect((await engine.run(makeTask(), makeContext())).server).toBe(b.url);
    expect((await engine.run(makeTask(), makeContext())).server).toBe(b.url);
    expect(prompts(a)).toBe(atA);

    const resumed = await resume(a.url);
    expect(resumed.json()).toMatchObject({ status: 200, data: { url: a.url, state: 'up', ok: true } });
    expect((await serverIn(a.url)).drainedBy).toBeUndefined();
    // Both idle: the first server in the list takes it, as before the drain.
    expect((await engine.run(makeTask(), makeContext())).server).toBe(a.url);

    const rows = await auditOf(a.url);
    expect(rows).toMatchObject([
      {
        action: 'engines/drain',
        actorName: owner.username,
        actorRole: 'owner',
        targetType: 'engine-server',
        targetLabel: 'comfyui',
        before: null,
        after: { drainedBy: owner.username, drainedAt: shown.drainedAt },
      },
      {
        action: 'engines/resume',
        before: { drainedBy: owner.username, drainedAt: shown.drainedAt },
        after: null,
      },
    ]);
    expect(await drainRows()).toEqual([]);
  });

  it('reaches every node through the table: another node dispatching to the fleet follows it', async () => {
    const otherNode = startEngine([a.url, b.url], { drains: createEngineDrainStore(t.database.db).marks });
    expect((await drain(`${a.url}/`, 'token')).json().data.state).toBe('draining');
    expect((await otherNode.run(makeTask(), makeContext())).server).toBe(b.url);
    expect((await otherNode.health()).servers!.find((s) => s.url === a.url)).toMatchObject({ state: 'draining' });

    await resume(a.url, 'token');
    expect((await otherNode.run(makeTask(), makeContext())).server).toBe(a.url);
    expect((await auditOf(a.url)).slice(-2)).toMatchObject([
      { action: 'engines/drain', actorName: 'admin token', via: 'token' },
      { action: 'engines/resume', actorName: 'admin token' },
    ]);
  });

  it('holds a task while every server is drained instead of sending it anywhere', async () => {
    await drain(a.url);
    await drain(b.url);
    const before = prompts(a) + prompts(b);
    await expect(engine.run(makeTask(), makeContext())).rejects.toMatchObject({ kind: 'unavailable' });
    expect(prompts(a) + prompts(b)).toBe(before);
    await resume(a.url);
    await resume(b.url);
  });
});

describe('bad input changes nothing', () => {
  it('refuses an address the fleet does not have, in the caller’s language', async () => {
    const unknown = 'http://gpu-9.invalid:8188';
    const res = await t.app.inject({
      method: 'POST',
      url: '/turing/admin/engines/drain',
      headers: { ...owner.headers, 'accept-language': 'zh' },
      payload: { url: unknown },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ENGINE_SERVER_NOT_FOUND', msg: '没有该地址的生成服务器' });
    expect((await resume(unknown)).json().code).toBe('ENGINE_SERVER_NOT_FOUND');
    expect((await drain('')).json().code).toBe('ENGINE_SERVER_NOT_FOUND');
    const noBody = await adminCall(t, owner, 'POST', '/admin/engines/drain', { body: {} });
    expect(noBody.json().code).toBe('ENGINE_SERVER_NOT_FOUND');
    expect(await drainRows()).toEqual([]);
    expect(await auditOf(unknown)).toEqual([]);
  });

  it('says a server is drained already, or was not drained, without a second row', async () => {
    const rowsBefore = (await auditOf(b.url)).length;
    await drain(b.url);
    const twice = await drain(b.url);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ENGINE_SERVER_DRAINED');
    await resume(b.url);
    const again = await resume(b.url);
    expect(again.json()).toMatchObject({
      code: 'ENGINE_SERVER_NOT_DRAINED',
      msg: expect.stringContaining('not drained'),
    });
    expect(await auditOf(b.url)).toHaveLength(rowsBefore + 2);
    expect((await serverIn(b.url)).state).toBe('up');
  });
});

describe('who may drain', () => {
  it.each(['finance', 'moderator', 'support'] as const)('refuses a %s operator', async (role) => {
    const other = await makeOperator(t, role);
    for (const res of [
      await drain(a.url, other),
      await resume(a.url, other),
      await adminCall(t, other, 'GET', '/admin/engines'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ADMIN_FORBIDDEN');
    }
    expect(await drainRows()).toEqual([]);
    expect((await serverIn(a.url)).state).toBe('up');
  });
});

describe('the trail as a whole', () => {
  // Runs last: every successful change above must have written its row.
  it('has no successful drain or resume without its audit row', () => {
    expect(log.lines.filter((l) => l.msg === 'admin action answered without an audit row')).toEqual([]);
  });
});
