import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, workReports, works } from '../../db/schema/index.ts';
import { runAdminCli, runAdminProcess } from '../../../test-support/admin-cli.ts';
import { seedWork } from '../../../test-support/creator-helpers.ts';
import { buildTestApp, seedUser, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const admin = (...args: string[]) => runAdminCli(t, url, ...args);

describe('moderation from the command line', () => {
  it('lists reports, hides and restores a work, suspends and lets back a user', async () => {
    const creator = await seedUser(t);
    const work = await seedWork(t, creator.user.id, { title: 'Tower of glass' });
    await t.database.db.insert(workReports).values({ workId: work.id, reason: 'spam', details: 'ads in the image' });

    const list = await admin('community:reports');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(work.id);
    expect(list.stdout).toContain('Tower of glass — ads in the image');
    expect(list.stdout).toContain(creator.user.username);
    expect(list.stdout).toContain('1 report');

    const hide = await admin('community:hide', work.id, '--reason', 'advertising');
    expect(hide.stdout).toContain(`Work ${work.id} is hidden from every listing; 1 open report resolved.`);
    const [row] = await t.database.db.select().from(works).where(eq(works.id, work.id));
    expect(row).toMatchObject({ state: 'hidden', hiddenReason: 'advertising' });
    expect((await admin('community:reports')).stdout).toContain('No open reports.');
    expect((await admin('community:reports', '--status', 'resolved')).stdout).toContain(work.id);
    expect((await admin('community:reports', '--all', '--status', 'all')).stdout).toContain(work.id);

    expect((await admin('community:restore', work.id)).stdout).toContain(`Work ${work.id} is published again.`);
    expect((await t.database.db.select().from(works).where(eq(works.id, work.id)))[0]!.state).toBe('published');

    const suspend = await admin('user:suspend', creator.user.username);
    expect(suspend.stdout).toContain(`${creator.user.username} (${creator.user.id}) is suspended`);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, creator.user.id))).toEqual([]);
    const unsuspend = await admin('user:unsuspend', creator.user.id);
    expect(unsuspend.stdout).toContain('can sign in again');
    expect((await t.database.db.select().from(users).where(eq(users.id, creator.user.id)))[0]!.suspendedAt).toBeNull();
  });

  it('explains wrong use and unknown targets', async () => {
    const [missing, badStatus, unknown, noWork, help] = await Promise.all([
      admin('community:hide'),
      admin('community:reports', '--status', 'closed'),
      admin('user:suspend', 'nobody-at-all'),
      admin('community:restore', '00000000-0000-4000-8000-000000000000'),
      admin('help'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('community:hide needs a work id');
    expect(missing.stderr).toContain('community:reports [--status S]');
    expect(badStatus.stderr).toContain('--status must be one of open, resolved, dismissed, all.');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody-at-all');
    expect(noWork.stderr).toMatch(/does not exist.*00000000-0000-4000-8000-000000000000/);
    for (const command of [
      'community:reports',
      'community:hide',
      'community:restore',
      'user:suspend',
      'user:unsuspend',
    ])
      expect(help.stdout).toContain(command);
  });

  it('as a process of its own prints what it did, and exits 2 with the help on wrong use', async () => {
    const creator = await seedUser(t);
    const [done, wrong] = await Promise.all([
      runAdminProcess(t, url, 'user:unsuspend', creator.user.username),
      runAdminProcess(t, url, 'community:hide'),
    ]);
    expect(done).toMatchObject({ code: 0, stderr: '' });
    expect(done.stdout).toBe(
      `${creator.user.username} (${creator.user.id}) can sign in again; their published works are back in the community.\n`,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toMatch(/^error: community:hide needs a work id[^\n]*\n\nTuring Design admin\n/);
  });
});
