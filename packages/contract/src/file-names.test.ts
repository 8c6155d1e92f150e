import { describe, expect, it } from 'vitest';
import { imageFileName, imageFileStem, imageStep } from './file-names.ts';

const at = '2026-11-26T10:00:00Z';
const id = '3f2a9c4e-0000-4000-8000-000000000000';

describe('the names of a batch', () => {
  it('numbers each image of a task that made several, from 1', () => {
    const names = [0, 1, 2].map((index) =>
      imageFileName({ prompt: 'Modern villa', createdAt: at, id, ext: 'png', index, count: 3 }),
    );
    expect(names).toEqual([
      'modern-villa-2026-11-26-1.png',
      'modern-villa-2026-11-26-2.png',
      'modern-villa-2026-11-26-3.png',
    ]);
  });

  it('leaves a task’s only image, and an image of no task, unnumbered', () => {
    expect(imageFileName({ prompt: 'Villa', createdAt: at, id, ext: 'png', index: 0, count: 1 })).toBe(
      'villa-2026-11-26.png',
    );
    expect(imageFileName({ prompt: 'Villa', createdAt: at, id, ext: 'png', index: 0, count: null })).toBe(
      'villa-2026-11-26.png',
    );
  });

  it('numbers images without words after their id', () => {
    expect(imageFileName({ prompt: '', createdAt: at, id, ext: 'png', index: 1, count: 2 })).toBe(
      'turing-2026-11-26-3f2a9c4e-2.png',
    );
  });

  it('names an image by its own title, which names that very image, without a number', () => {
    expect(
      imageFileName({ title: 'Lake pavilion', prompt: 'x', createdAt: at, id, ext: 'png', index: 1, count: 4 }),
    ).toBe('lake-pavilion-2026-11-26.png');
    // A title of nothing but symbols says nothing: the prompt names the image.
    expect(imageFileName({ title: '?!', prompt: 'Villa', createdAt: at, id, ext: 'png' })).toBe('villa-2026-11-26.png');
  });
});

describe('the names of an upscale or an edit', () => {
  const source = imageFileStem({ prompt: 'Modern villa', createdAt: at, id, index: 1, count: 2 });

  it('says what was done', () => {
    expect(imageStep('upscale', 4)).toBe('upscaled-x4');
    expect(imageStep('upscale', 2)).toBe('upscaled-x2');
    expect(imageStep('edit')).toBe('edited');
    expect(imageStep('text')).toBeNull();
    expect(imageStep('iterate')).toBeNull();
  });

  it('carries the source’s name with the step, on a later day too', () => {
    expect(source).toBe('modern-villa-2026-11-26-2');
    const later = '2026-12-01T08:00:00Z';
    expect(imageFileName({ createdAt: later, id, ext: 'png', source, step: 'upscaled-x4', index: 0, count: 1 })).toBe(
      'modern-villa-2026-11-26-2-upscaled-x4.png',
    );
    // An edit has words of its own, but the source's name says which image it is; a batch is numbered.
    const edits = [0, 1].map((index) =>
      imageFileName({
        prompt: 'A green roof',
        createdAt: later,
        id,
        ext: 'png',
        source,
        step: 'edited',
        index,
        count: 2,
      }),
    );
    expect(edits).toEqual(['modern-villa-2026-11-26-2-edited-1.png', 'modern-villa-2026-11-26-2-edited-2.png']);
    // Step by step: an upscale of that edit.
    const edited = imageFileStem({ createdAt: later, id, source, step: 'edited' });
    expect(imageFileName({ createdAt: later, id, ext: 'png', source: edited, step: 'upscaled-x2' })).toBe(
      'modern-villa-2026-11-26-2-edited-upscaled-x2.png',
    );
  });

  it('falls back to its own words, or its id, when the source has none (an uploaded photo)', () => {
    expect(imageFileName({ prompt: 'A green roof', createdAt: at, id, ext: 'png', source: null, step: 'edited' })).toBe(
      'a-green-roof-2026-11-26-edited.png',
    );
    expect(imageFileName({ createdAt: at, id, ext: 'png', source: null, step: 'upscaled-x4' })).toBe(
      'turing-2026-11-26-3f2a9c4e-upscaled-x4.png',
    );
  });
});
