import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MAX_BYTES, type StudioDraftData } from '@turing/contract';
import { projects } from '../../../db/schema/index.ts';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../../test-support/test-app.ts';

/** What the draft routes answer (each route fills its part). */
interface Answer {
  draft: StudioDraftData | null;
  saved?: boolean;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: object, locale: 'en' | 'zh' = 'en') {
  const res = await t.app.inject({
    method,
    url: `/turing/design/draft${url}`,
    headers: { ...appHeaders(locale), cookie },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json() as { status: number; msg: string; data: Answer } };
}
const get = (cookie: string, query: string) => call(cookie, 'GET', `/get?${query}`);
const save = (cookie: string, body: object) => call(cookie, 'POST', '/save', body);
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
const form = (prompt: string) => ({ values: { prompt, count: 2 }, live: [], selected: null });

describe('studio drafts on the server', () => {
  it('keeps one draft per page, which another browser of the same user reads back', async () => {
    const { cookie } = await registerUser(t);
    expect((await get(cookie, 'mode=text')).body.data).toEqual({ draft: null });

    const first = await save(cookie, { mode: 'text', data: form('a timber pavilion'), baseRev: 0, editedAt: at(1) });
    expect(first.body.data).toEqual({
      saved: true,
      draft: { data: form('a timber pavilion'), rev: 1, editedAt: at(1) },
    });
    const second = await save(cookie, { mode: 'text', data: form('a stone pavilion'), baseRev: 1, editedAt: at(2) });
    expect(second.body.data.draft).toMatchObject({ rev: 2 });

    const again = await get(cookie, 'mode=text');
    expect(again.body.data.draft).toEqual({ data: form('a stone pavilion'), rev: 2, editedAt: at(2) });
    // Pages keep their own drafts.
    expect((await get(cookie, 'mode=iterate')).body.data.draft).toBeNull();
    // Another user sees none of it.
    const other = await registerUser(t);
    expect((await get(other.cookie, 'mode=text')).body.data.draft).toBeNull();
  });

  it('keeps the newer of two tabs’ conflicting saves and answers the other with it', async () => {
    const { cookie } = await registerUser(t);
    await save(cookie, { mode: 'iterate', data: form('start'), baseRev: 0, editedAt: at(1) });
    // Tab A and tab B both last saw rev 1. A saves an edit made at minute 5.
    const a = await save(cookie, { mode: 'iterate', data: form('tab A'), baseRev: 1, editedAt: at(5) });
    expect(a.body.data).toMatchObject({ saved: true, draft: { rev: 2 } });
    // B's edit was made earlier (minute 3): A's is kept, and B is told with A's draft.
    const b = await save(cookie, { mode: 'iterate', data: form('tab B'), baseRev: 1, editedAt: at(3) });
    expect(b.body.data).toEqual({ saved: false, draft: { data: form('tab A'), rev: 2, editedAt: at(5) } });
    // B edits again later, from the draft it was given: saved.
    const b2 = await save(cookie, { mode: 'iterate', data: form('tab B again'), baseRev: 2, editedAt: at(7) });
    expect(b2.body.data).toMatchObject({ saved: true, draft: { rev: 3 } });
    // A stale tab whose edit is newer still wins: the newer edit is kept whichever tab made it.
    const a2 = await save(cookie, { mode: 'iterate', data: form('tab A later'), baseRev: 2, editedAt: at(9) });
    expect(a2.body.data).toMatchObject({ saved: true, draft: { rev: 4, data: form('tab A later') } });
  });

  it('does not let a browser clock running ahead win every conflict', async () => {
    const { cookie } = await registerUser(t);
    const future = new Date(Date.now() + 24 * 3600_000).toISOString();
    const res = await save(cookie, { mode: 'edit', data: form('ahead'), baseRev: 0, editedAt: future });
    expect(Date.parse(res.body.data.draft!.editedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('keeps drafts per project, for projects the user may open only', async () => {
    const { cookie, profile } = await registerUser(t);
    const stranger = await registerUser(t);
    const [own] = await t.database.db.insert(projects).values({ ownerId: profile.id, name: 'Library' }).returning();
    const [theirs] = await t.database.db
      .insert(projects)
      .values({ ownerId: stranger.profile.id, name: 'Hidden' })
      .returning();

    await save(cookie, { mode: 'text', projectId: own!.id, data: form('in the project'), baseRev: 0, editedAt: at(1) });
    expect((await get(cookie, `mode=text&projectId=${own!.id}`)).body.data.draft!.data).toEqual(form('in the project'));
    expect((await get(cookie, 'mode=text')).body.data.draft).toBeNull();

    const refused = await save(cookie, {
      mode: 'text',
      projectId: theirs!.id,
      data: form('x'),
      baseRev: 0,
      editedAt: at(1),
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body.msg).toBe('This project was not found');
    expect((await get(cookie, `mode=text&projectId=${theirs!.id}`)).statusCode).toBe(404);
  });

  it('refuses a draft past its size, and a 10 MB body, with a clear message, keeping the one saved', async () => {
    const { cookie } = await registerUser(t);
    await save(cookie, { mode: 'text', data: form('kept'), baseRev: 0, editedAt: at(1) });
    const big = await save(cookie, {
      mode: 'text',
      data: { values: { prompt: 'x'.repeat(DRAFT_MAX_BYTES) } },
      baseRev: 1,
      editedAt: at(2),
    });
    expect(big.statusCode).toBe(413);
    expect(big.body.msg).toBe('This draft is too large to keep');
    const zh = await call(
      cookie,
      'POST',
      '/save',
      { mode: 'text', data: { p: 'x'.repeat(DRAFT_MAX_BYTES) }, baseRev: 1, editedAt: at(2) },
      'zh',
    );
    expect(zh.body.msg).toBe('草稿过大，无法保存');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/turing/design/draft/save',
      headers: { ...appHeaders(), cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ mode: 'text', data: { p: 'x'.repeat(10 * 1024 * 1024) }, baseRev: 1, editedAt: at(2) }),
    });
    expect(huge.statusCode).toBe(413);
    expect((await get(cookie, 'mode=text')).body.data.draft).toMatchObject({ rev: 1, data: form('kept') });
  });

  it('refuses bad input and anonymous callers', async () => {
    const { cookie } = await registerUser(t);
    expect((await save(cookie, { mode: 'upscale', data: {}, baseRev: 0, editedAt: at(1) })).statusCode).toBe(400);
    expect((await save(cookie, { mode: 'text', data: {}, baseRev: -1, editedAt: at(1) })).statusCode).toBe(400);
    expect((await save(cookie, { mode: 'text', data: {}, baseRev: 0, editedAt: 'yesterday' })).statusCode).toBe(400);
    expect((await get('', 'mode=text')).statusCode).toBe(401);
  });

  it('clears one page’s draft, or all of a user’s', async () => {
    const { cookie } = await registerUser(t);
    for (const mode of ['text', 'iterate', 'edit'])
      await save(cookie, { mode, data: form(mode), baseRev: 0, editedAt: at(1) });
    await call(cookie, 'POST', '/clear', { mode: 'text' });
    expect((await get(cookie, 'mode=text')).body.data.draft).toBeNull();
    expect((await get(cookie, 'mode=edit')).body.data.draft).not.toBeNull();
    await call(cookie, 'POST', '/clear', {});
    expect((await get(cookie, 'mode=edit')).body.data.draft).toBeNull();
    expect((await get(cookie, 'mode=iterate')).body.data.draft).toBeNull();
  });
});
