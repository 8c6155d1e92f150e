import { describe, expect, it } from 'vitest';
import { LIMITS, PROJECT_ACCESS, projectStyle, taskParams, type ProjectAccess } from '@turing/contract';
import { allows, assertAccess } from '../project-access.ts';
import { ACCESS_NEEDED, mergeStyle, titleSuffix, versionTitle, type ProjectOperation } from './project-rules.ts';

// What each role may do on a project, how versions are titled and how a style joins a task: no database.

/** The role matrix as the product describes it: one row per call, one column per access. */
const MATRIX: Record<ProjectOperation, Record<ProjectAccess, boolean>> = {
  project: { viewer: true, commenter: true, editor: true, owner: true },
  versions: { viewer: true, commenter: true, editor: true, owner: true },
  members: { viewer: true, commenter: true, editor: true, owner: true },
  projectUpdate: { viewer: false, commenter: false, editor: true, owner: true },
  viewCreate: { viewer: false, commenter: false, editor: true, owner: true },
  viewUpdate: { viewer: false, commenter: false, editor: true, owner: true },
  viewDelete: { viewer: false, commenter: false, editor: true, owner: true },
  versionAdd: { viewer: false, commenter: false, editor: true, owner: true },
  versionCurrent: { viewer: false, commenter: false, editor: true, owner: true },
  versionStar: { viewer: false, commenter: false, editor: true, owner: true },
  versionRemove: { viewer: false, commenter: false, editor: true, owner: true },
  styleSet: { viewer: false, commenter: false, editor: true, owner: true },
  generate: { viewer: false, commenter: false, editor: true, owner: true },
  projectDelete: { viewer: false, commenter: false, editor: false, owner: true },
  memberAdd: { viewer: false, commenter: false, editor: false, owner: true },
  memberRole: { viewer: false, commenter: false, editor: false, owner: true },
  memberRemove: { viewer: false, commenter: false, editor: false, owner: true },
};

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'allowed';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('roles', () => {
  it('let each access do exactly what the matrix says, on every call', () => {
    expect(Object.keys(ACCESS_NEEDED).sort()).toEqual(Object.keys(MATRIX).sort());
    for (const [op, row] of Object.entries(MATRIX) as [ProjectOperation, Record<ProjectAccess, boolean>][])
      for (const access of PROJECT_ACCESS)
        expect([op, access, allows(access, ACCESS_NEEDED[op])]).toEqual([op, access, row[access]]);
  });

  it('answer "not found" without access and "forbidden", naming the role, with too little', () => {
    expect(codeOf(() => assertAccess(null, 'viewer'))).toBe('PROJECT_NOT_FOUND');
    expect(codeOf(() => assertAccess(null, 'editor', 'VIEW_NOT_FOUND'))).toBe('VIEW_NOT_FOUND');
    expect(codeOf(() => assertAccess('commenter', 'editor'))).toBe('PROJECT_FORBIDDEN');
    try {
      assertAccess('viewer', 'owner');
    } catch (err) {
      expect((err as { params: object }).params).toEqual({ role: 'viewer' });
    }
    expect(assertAccess('editor', 'editor')).toBe('editor');
  });
});

describe('version titles', () => {
  it('name a version by project, view and place, with what its task did', () => {
    expect(versionTitle('Harbour Villa', 'Living room', 3, null)).toBe('harbour-villa-living-room-v3');
    expect(versionTitle('Harbour Villa', 'Living room', 4, { mode: 'upscale', upscale: 4 })).toBe(
      'harbour-villa-living-room-v4-upscaled-x4',
    );
    expect(versionTitle('海港别墅', '客厅', 2, { mode: 'edit' })).toBe('海港别墅-客厅-v2-edited');
    expect(versionTitle('A/B: "test"', 'Street', 1, { mode: 'iterate' })).toBe('a-b-test-street-v1-varied');
    // Names with nothing a file name keeps still give a readable title.
    expect(versionTitle('!!!', '???', 5, { mode: 'text' })).toBe('project-view-v5');
  });

  it('suffix upscales by their factor, edits and variations by what they are, text by nothing', () => {
    expect(titleSuffix({ mode: 'upscale', upscale: 2 })).toBe('-upscaled-x2');
    expect(titleSuffix({ mode: 'upscale' })).toBe('-upscaled-x2');
    expect(titleSuffix({ mode: 'edit' })).toBe('-edited');
    expect(titleSuffix({ mode: 'iterate' })).toBe('-varied');
    expect(titleSuffix({ mode: 'text' })).toBe('');
    expect(titleSuffix(null)).toBe('');
  });
});

describe('the project style joining a task', () => {
  const REF = '00000000-0000-4000-8000-000000000001';
  const OWN_REF = '00000000-0000-4000-8000-000000000002';
  const BASE = '00000000-0000-4000-8000-000000000003';
  const style = projectStyle.parse({
    referenceImageId: REF,
    words: 'warm timber, soft dusk light',
    styleTags: ['japandi', 'minimal'],
    materialTags: ['timber'],
    seedPolicy: 'fixed',
    seed: 4242,
  });
  const takesAll = { reference: true, seed: true };

  it('appends the words, adds the tags once, and gives an iterate task the reference and the seed', () => {
    const params = taskParams.parse({
      mode: 'iterate',
      baseImageId: BASE,
      prompt: 'a courtyard house',
      tags: { style: ['minimal'], material: ['concrete'] },
    });
    expect(mergeStyle(params, style, takesAll)).toEqual({
      ...params,
      prompt: 'a courtyard house, warm timber, soft dusk light',
      tags: { style: ['minimal', 'japandi'], material: ['concrete', 'timber'], function: [] },
      referenceImageId: REF,
      seed: 4242,
    });
  });

  it("keeps the user's own reference and seed, and what the model cannot take", () => {
    const own = taskParams.parse({ mode: 'iterate', baseImageId: BASE, referenceImageId: OWN_REF, seed: 7 });
    expect(mergeStyle(own, style, takesAll)).toMatchObject({ referenceImageId: OWN_REF, seed: 7 });
    const plain = taskParams.parse({ mode: 'iterate', baseImageId: BASE });
    const merged = mergeStyle(plain, style, { reference: false, seed: false });
    expect(merged.referenceImageId).toBeUndefined();
    expect(merged.seed).toBeUndefined();
    // A free seed policy gives no seed.
    const text = mergeStyle(taskParams.parse({ mode: 'text', prompt: 'a pavilion' }), style, takesAll);
    expect(text.prompt).toBe('a pavilion, warm timber, soft dusk light');
    const free = mergeStyle(
      taskParams.parse({ mode: 'text', prompt: 'x' }),
      { ...style, seedPolicy: 'free' },
      takesAll,
    );
    expect(free.seed).toBeUndefined();
  });

  it('gives the reference to a task of any mode whose model uses one in it, text to image too', () => {
    const text = taskParams.parse({ mode: 'text', prompt: 'a pavilion' });
    expect(mergeStyle(text, style, takesAll).referenceImageId).toBe(REF);
    expect(mergeStyle(text, style, { reference: false, seed: true }).referenceImageId).toBeUndefined();
    const edit = taskParams.parse({ mode: 'edit', baseImageId: BASE, maskImageId: OWN_REF });
    expect(mergeStyle(edit, style, takesAll).referenceImageId).toBe(REF);
    // A style without a reference adds none.
    expect(mergeStyle(text, { ...style, referenceImageId: null }, takesAll)).not.toHaveProperty('referenceImageId');
  });

  it('stays within the prompt length and the tag caps, and leaves upscales alone', () => {
    const long = taskParams.parse({ mode: 'text', prompt: 'x'.repeat(LIMITS.promptMax - 5) });
    const merged = mergeStyle(long, style, takesAll);
    expect([...merged.prompt].length).toBeLessThanOrEqual(LIMITS.promptMax);
    expect(merged.prompt.startsWith('x'.repeat(LIMITS.promptMax - 5))).toBe(true);
    // A prompt of characters beyond the basic plane is never cut inside one.
    const wide = mergeStyle(taskParams.parse({ mode: 'text', prompt: '😀'.repeat(499) }), style, takesAll);
    expect(wide.prompt).not.toMatch(/[\uD800-\uDBFF]$/);
    const full = taskParams.parse({
      mode: 'text',
      prompt: 'x',
      tags: { style: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'] },
    });
    expect(mergeStyle(full, style, takesAll).tags.style).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'japandi']);
    const upscale = taskParams.parse({ mode: 'upscale', baseImageId: BASE, upscale: 4 });
    expect(mergeStyle(upscale, style, takesAll)).toEqual(upscale);
    // No words: the prompt is the user's own, as typed.
    const quiet = mergeStyle(taskParams.parse({ mode: 'text', prompt: 'a hut' }), { ...style, words: '' }, takesAll);
    expect(quiet.prompt).toBe('a hut');
  });
});
