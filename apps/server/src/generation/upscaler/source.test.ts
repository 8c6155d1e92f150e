import { describe, expect, it } from 'vitest';
import { baseSourceOf, type SourceLookup } from './source.ts';

/** Images and tasks of one user (u1). */
function lookup(
  images: Record<string, { kind: string; taskId: string | null }>,
  tasks: Record<string, { engine: string; params: { mode: string; baseImageId?: string } }>,
): SourceLookup {
  return {
    image: async (id, userId) => (userId === 'u1' ? (images[id] ?? null) : null),
    task: async (id) => tasks[id] ?? null,
  };
}

const world = lookup(
  {
    photo: { kind: 'base', taskId: null },
    render: { kind: 'result', taskId: 't-openai' },
    drawing: { kind: 'result', taskId: 't-preview-text' },
    bigRender: { kind: 'result', taskId: 't-up-render' },
    bigDrawing: { kind: 'result', taskId: 't-up-drawing' },
    bigPhoto: { kind: 'result', taskId: 't-up-photo' },
    orphan: { kind: 'result', taskId: 't-gone' },
    loop: { kind: 'result', taskId: 't-loop' },
  },
  {
    't-openai': { engine: 'openai', params: { mode: 'text' } },
    't-preview-text': { engine: 'preview', params: { mode: 'text' } },
    't-up-render': { engine: 'preview', params: { mode: 'upscale', baseImageId: 'render' } },
    't-up-drawing': { engine: 'preview', params: { mode: 'upscale', baseImageId: 'drawing' } },
    't-up-photo': { engine: 'preview', params: { mode: 'upscale', baseImageId: 'photo' } },
    't-loop': { engine: 'preview', params: { mode: 'upscale', baseImageId: 'loop' } },
  },
);

describe('where an upscale base came from', () => {
  it('tells renders, uploads and preview drawings apart, through earlier upscales', async () => {
    const of = (id: string, user = 'u1') => baseSourceOf(id, user, world);
    expect(await of('photo')).toBe('upload');
    expect(await of('render')).toBe('render');
    expect(await of('drawing')).toBe('preview');
    expect(await of('bigRender')).toBe('render');
    expect(await of('bigDrawing')).toBe('preview');
    expect(await of('bigPhoto')).toBe('upload');
    // What cannot be told counts as a preview: never unmarked by mistake.
    expect(await of('orphan')).toBe('preview');
    expect(await of('loop')).toBe('preview');
    expect(await of('missing')).toBe('preview');
    expect(await of('render', 'u2')).toBe('preview');
  });
});
