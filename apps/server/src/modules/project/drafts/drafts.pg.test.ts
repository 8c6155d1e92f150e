import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, buildTestApp, registerUser, type TestApp } from '../../../../test-support/test-app.ts';

// PostgreSQL only: saves on separate connections at once.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('draft saves at once', () => {
  it('12 tabs saving from one rev at once keep the newest edit, whatever order they land in', async () => {
    const { cookie } = await registerUser(t);
    const save = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/turing/design/draft/save',
        headers: { ...appHeaders(), cookie },
        payload: body,
      });
    await save({ mode: 'text', data: { tab: -1 }, baseRev: 0, editedAt: new Date(Date.UTC(2026, 0, 1)).toISOString() });
    // Tab 7's edit is the newest; the others are spread before it.
    const minute = (tab: number) => (tab === 7 ? 59 : tab);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, tab) =>
        save({
          mode: 'text',
          data: { tab },
          baseRev: 1,
          editedAt: new Date(Date.UTC(2026, 0, 1, 12, minute(tab))).toISOString(),
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/turing/design/draft/get?mode=text',
      headers: { ...appHeaders(), cookie },
    });
    expect(kept.json().data.draft.data).toEqual({ tab: 7 });
    // Every tab whose save lost was handed a draft at least as new as its own edit.
    for (const [tab, res] of answers.entries()) {
      const { saved, draft } = res.json().data as { saved: boolean; draft: { editedAt: string } };
      if (!saved) expect(Date.parse(draft.editedAt)).toBeGreaterThan(Date.UTC(2026, 0, 1, 12, minute(tab)));
    }
  });
});
