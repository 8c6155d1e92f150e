import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../test-support/fakes/storage.memory.ts';
import { createMemoryStore, type MemoryStore } from '../../../test-support/fakes/memory-store.ts';
import { createMemoryWorkspace } from '../../../test-support/fakes/workspace.memory.ts';
import { createWorkspaceService } from './workspace.service.ts';

// Folders' rules on in-memory repositories: the cap, renaming, deleting, moving and copying
// between folders, and that a user only ever touches their own. No database.
const MAX = 2;
const PAGE = { limit: 50 };

let store: MemoryStore;
let memory: ReturnType<typeof createMemoryWorkspace>;
let files: ReturnType<typeof createMemoryStorage>;
let workspace: ReturnType<typeof createWorkspaceService>;

beforeEach(() => {
  store = createMemoryStore();
  memory = createMemoryWorkspace(store);
  files = createMemoryStorage();
  workspace = createWorkspaceService({
    folders: memory.scoped,
    transaction: store.transaction,
    uploads: { url: (key) => `/files/${key}` },
    storage: files.storage,
    foldersMax: MAX,
  });
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code,
  );
/** A folder made a moment after the previous one, so "newest first" has an order to show. */
const make = async (userId: string, name: string) => {
  store.advance(1000);
  return workspace.create(userId, name, 'en');
};
const names = async (userId: string, locale: 'en' | 'zh' = 'en') =>
  (await workspace.list(userId, PAGE, locale)).items.map((f) => f.name);
const imagesIn = async (userId: string, folderId: string) =>
  (await workspace.images(userId, folderId, PAGE)).items.map((i) => i.imageId).sort();
/** Result images of a finished task, filed where the task chose (or the default folder). */
async function results(userId: string, count: number, folderId: string | null = null) {
  const made = Array.from({ length: count }, () => memory.addResult(userId, 'task-1'));
  await workspace.fileResults(userId, 'task-1', folderId);
  return made.map((u) => u.id).sort();
}
const itemIdsOf = async (userId: string, folderId: string) =>
  (await workspace.images(userId, folderId, PAGE)).items.map((i) => i.id);

describe('the default folder', () => {
  it('is made on first use, read in the viewer’s language until named, and listed first', async () => {
    await make('ann', 'Villas');
    expect(await names('ann')).toEqual(['Default folder', 'Villas']);
    expect(await names('ann', 'zh')).toEqual(['默认文件夹', 'Villas']);
    const [first] = (await workspace.list('ann', PAGE, 'en')).items;
    await workspace.rename('ann', first!.id, 'Inbox', 'zh');
    expect(await names('ann', 'zh')).toEqual(['Inbox', 'Villas']);
    expect([...memory.folders.values()].filter((f) => f.isDefault)).toHaveLength(1);
  });

  it('cannot be deleted', async () => {
    const [first] = (await workspace.list('ann', PAGE, 'en')).items;
    expect(await codeOf(workspace.remove('ann', first!.id, 'move'))).toBe('FOLDER_DEFAULT_LOCKED');
    expect(memory.folders.has(first!.id)).toBe(true);
  });
});

describe('the folder cap', () => {
  it('refuses a folder past FOLDERS_MAX with the cap, not counting the default one or other users’', async () => {
    await workspace.list('ann', PAGE, 'en');
    for (let i = 0; i < MAX; i += 1) await make('bob', `Bob ${i}`);
    for (let i = 0; i < MAX; i += 1) await make('ann', `Ann ${i}`);
    const refused = await workspace.create('ann', 'One too many', 'en').catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'FOLDER_LIMIT', params: { max: MAX } });
    expect(await names('ann')).toEqual(['Default folder', 'Ann 1', 'Ann 0']);
  });

  it('makes room again when a folder is deleted', async () => {
    const made = [await make('ann', 'A'), await make('ann', 'B')];
    expect(await codeOf(make('ann', 'C'))).toBe('FOLDER_LIMIT');
    await workspace.remove('ann', made[0]!.id, 'move');
    expect((await make('ann', 'C')).name).toBe('C');
  });
});

describe('renaming', () => {
  it('renames the owner’s folder and refuses anyone else’s as not found', async () => {
    const folder = await make('ann', 'Villas');
    expect((await workspace.rename('ann', folder.id, 'Houses', 'en')).name).toBe('Houses');
    expect(await codeOf(workspace.rename('bob', folder.id, 'Mine now', 'en'))).toBe('FOLDER_NOT_FOUND');
    expect(memory.folders.get(folder.id)!.name).toBe('Houses');
  });
});

describe('deleting a folder', () => {
  it('moves its images to the default folder, merging those already there', async () => {
    const folder = await make('ann', 'Villas');
    const inFolder = await results('ann', 2, folder.id);
    const [def] = (await workspace.list('ann', PAGE, 'en')).items;
    // One of them is in the default folder as well: it stays there once.
    await workspace.copy('ann', [(await itemIdsOf('ann', folder.id))[0]!], def!.id);
    expect(await workspace.remove('ann', folder.id, 'move')).toEqual({ moved: 1, deleted: 0 });
    expect(await imagesIn('ann', def!.id)).toEqual(inFolder);
    expect(memory.folders.has(folder.id)).toBe(false);
    expect(files.deleted).toEqual([]);
  });

  it('with "delete", drops its images and their files unless something else keeps them', async () => {
    const folder = await make('ann', 'Villas');
    const [kept, gone] = await results('ann', 2, folder.id);
    memory.keptElsewhere.set(kept!, true);
    expect(await workspace.remove('ann', folder.id, 'delete')).toEqual({ moved: 0, deleted: 2 });
    expect(memory.uploads.has(kept!)).toBe(true);
    expect(memory.uploads.has(gone!)).toBe(false);
    expect(files.deleted).toHaveLength(1);
  });

  it('refuses another user’s folder as not found and leaves it whole', async () => {
    const folder = await make('ann', 'Villas');
    await results('ann', 1, folder.id);
    expect(await codeOf(workspace.remove('bob', folder.id, 'delete'))).toBe('FOLDER_NOT_FOUND');
    expect(await imagesIn('ann', folder.id)).toHaveLength(1);
  });
});

describe('moving and copying images', () => {
  it('moves between folders, counting only the images that left another folder', async () => {
    const [a, b] = [await make('ann', 'A'), await make('ann', 'B')];
    const inA = await results('ann', 2, a.id);
    const items = await itemIdsOf('ann', a.id);
    expect(await workspace.move('ann', items, b.id)).toEqual({ count: 2 });
    expect(await imagesIn('ann', a.id)).toEqual([]);
    expect(await imagesIn('ann', b.id)).toEqual(inA);
    // Already there: nothing moves.
    expect(await workspace.move('ann', items, b.id)).toEqual({ count: 0 });
  });

  it('copies, skipping images the target already holds', async () => {
    const [a, b] = [await make('ann', 'A'), await make('ann', 'B')];
    await results('ann', 2, a.id);
    const items = await itemIdsOf('ann', a.id);
    expect(await workspace.copy('ann', items.slice(0, 1), b.id)).toEqual({ count: 1 });
    expect(await workspace.copy('ann', items, b.id)).toEqual({ count: 1 });
    expect(await imagesIn('ann', a.id)).toEqual(await imagesIn('ann', b.id));
  });

  it('refuses a target folder that is not the mover’s, and items that are not theirs', async () => {
    const mine = await make('ann', 'Mine');
    const theirs = await make('bob', 'Theirs');
    await results('ann', 1, mine.id);
    const items = await itemIdsOf('ann', mine.id);
    expect(await codeOf(workspace.move('ann', items, theirs.id))).toBe('FOLDER_NOT_FOUND');
    expect(await codeOf(workspace.copy('ann', items, theirs.id))).toBe('FOLDER_NOT_FOUND');
    expect(await codeOf(workspace.move('bob', items, theirs.id))).toBe('IMAGE_NOT_FOUND');
    expect(await codeOf(workspace.deleteImages('bob', items))).toBe('IMAGE_NOT_FOUND');
    expect(await codeOf(workspace.images('bob', mine.id, PAGE))).toBe('FOLDER_NOT_FOUND');
    expect(await imagesIn('ann', mine.id)).toHaveLength(1);
  });
});

describe('filing a task’s results', () => {
  it('goes into the folder chosen at submit, else (someone else’s, or none) the default one', async () => {
    const mine = await make('ann', 'Mine');
    const theirs = await make('bob', 'Theirs');
    const chosen = await results('ann', 1, mine.id);
    expect(await imagesIn('ann', mine.id)).toEqual(chosen);
    memory.addResult('ann', 'task-2');
    await workspace.fileResults('ann', 'task-2', theirs.id);
    expect(await imagesIn('bob', theirs.id)).toEqual([]);
    const [def] = (await workspace.list('ann', PAGE, 'en')).items;
    expect(def!.fileCount).toBe(1);
    // Filed once, however often the completion's job runs.
    await workspace.fileResults('ann', 'task-2', null);
    expect(memory.items.size).toBe(2);
  });

  it('refuses to accept someone else’s folder at submit', async () => {
    const theirs = await make('bob', 'Theirs');
    expect(await codeOf(workspace.assertFolder('ann', theirs.id))).toBe('FOLDER_NOT_FOUND');
    await expect(workspace.assertFolder('bob', theirs.id)).resolves.toBeUndefined();
  });
});
