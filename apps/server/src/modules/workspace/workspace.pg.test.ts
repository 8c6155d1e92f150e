import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderItems, folders as folderTable } from '../../db/schema/index.ts';
import { photo } from '../../../test-support/design-helpers.ts';
import { buildTestApp, registerUser, type TestApp } from '../../../test-support/test-app.ts';
import { allImages, call, createFolder, defaultFolder, folders } from '../../../test-support/workspace-helpers.ts';

// PostgreSQL only: concurrent transactions on separate connections.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('workspace races', () => {
  it('20 first folder lists at once make exactly one default folder, holding the earlier results once', async () => {
    const { cookie, profile } = await registerUser(t);
    const png = await photo(64, 48);
    for (let i = 0; i < 3; i += 1)
      await t.app.services!.images.save({ userId: profile.id, kind: 'result', png, taskId: randomUUID() });

    const lists = await Promise.all(Array.from({ length: 20 }, () => folders(t, cookie)));
    const rows = await t.database.db.select().from(folderTable).where(eq(folderTable.userId, profile.id));
    expect(rows).toHaveLength(1);
    // Every caller saw the one folder, already holding the results made before it.
    for (const list of lists) expect(list.map((f) => [f.id, f.fileCount])).toEqual([[rows[0]!.id, 3]]);
    const items = await t.database.db.select().from(folderItems).where(eq(folderItems.userId, profile.id));
    expect(items).toHaveLength(3);
  });

  it('20 folder creates at once, five short of FOLDERS_MAX, leave exactly FOLDERS_MAX', async () => {
    const { cookie, profile } = await registerUser(t);
    const max = t.app.services!.config.FOLDERS_MAX;
    await defaultFolder(t, cookie);
    await t.database.db
      .insert(folderTable)
      .values(Array.from({ length: max - 5 }, (_, i) => ({ userId: profile.id, name: `Earlier ${i}` })));

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(t, cookie, 'POST', '/folder/create', { name: `Race ${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => (a as { code?: string }).code === 'FOLDER_LIMIT')).toHaveLength(15);
    const rows = await t.database.db.select().from(folderTable).where(eq(folderTable.userId, profile.id));
    expect(rows.filter((r) => !r.isDefault)).toHaveLength(max);
    expect(await folders(t, cookie)).toHaveLength(max + 1);
  });

  it('concurrent copies of one image into one folder leave one item', async () => {
    const { cookie, profile } = await registerUser(t);
    const taskId = randomUUID();
    await t.app.services!.images.save({ userId: profile.id, kind: 'result', png: await photo(64, 48), taskId });
    const [image] = await allImages(t, cookie, (await defaultFolder(t, cookie)).id);
    const target = await createFolder(t, cookie, 'Target');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, cookie, 'POST', '/image/copy', { ids: [image!.id], folderId: target.id }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + (a.data as { count: number }).count, 0)).toBe(1);
    const items = await t.database.db
      .select()
      .from(folderItems)
      .where(and(eq(folderItems.folderId, target.id), eq(folderItems.uploadId, image!.imageId)));
    expect(items).toHaveLength(1);

    // Filing the same task's results again, as a retried job would, adds nothing anywhere.
    await Promise.all(
      Array.from({ length: 5 }, () => t.app.services!.workspace.fileResults(profile.id, taskId, target.id)),
    );
    expect(await t.database.db.select().from(folderItems).where(eq(folderItems.userId, profile.id))).toHaveLength(2);
  });
});
