import { describe, expect, it } from 'vitest';
import { cropOf, ratioLabel } from './aspect.ts';
import { DEFAULT_VALUES, fromTaskParams, seedAfterSubmit, toTaskParams } from './studio-values.ts';
import { variationParams } from './variation.ts';

describe('aspect', () => {
  it('names a base image’s ratio in small numbers when it has them', () => {
    expect(ratioLabel(600, 400)).toBe('3:2');
    expect(ratioLabel(1080, 1920)).toBe('9:16');
    expect(ratioLabel(1000, 701)).toBe('1.43:1');
  });

  it('outlines the centred part a preset keeps of the base', () => {
    expect(cropOf({ width: 600, height: 400 }, '3:2')).toEqual({ width: 1, height: 1, crops: false });
    const wide = cropOf({ width: 600, height: 400 }, '16:9');
    expect(wide).toMatchObject({ width: 1, crops: true });
    expect(wide.height).toBeCloseTo(1.5 / (16 / 9));
    expect(cropOf({ width: 600, height: 400 }, '1:1')).toMatchObject({ height: 1, width: 400 / 600 });
  });
});

describe('size and seed in the form', () => {
  it('sends no size unless one is chosen, and never for a partial edit', () => {
    const v = { ...DEFAULT_VALUES, images: { base: { id: 'b', url: '', width: 600, height: 400 } } };
    expect(toTaskParams('iterate', v).size).toBeUndefined();
    expect(toTaskParams('iterate', { ...v, size: '16:9' }).size).toBe('16:9');
    expect(toTaskParams('edit', { ...v, size: '16:9' }, 'm').size).toBeUndefined();
  });

  it('keeps the seed a task ran with only when asked to', () => {
    const task = { params: { seed: 123 } };
    expect(seedAfterSubmit({ keepSeed: true }, task)).toBe(123);
    expect(seedAfterSubmit({ keepSeed: false }, task)).toBeUndefined();
    expect(fromTaskParams({ seed: 9, size: '3:2', count: 8 })).toMatchObject({ seed: 9, size: '3:2', count: 8 });
    expect(fromTaskParams({ mode: 'iterate' }).size).toBeUndefined();
  });
});

describe('variations', () => {
  it('iterate on the result with its words, a new seed and the base’s own view', () => {
    const task = {
      params: {
        mode: 'text',
        prompt: 'a villa',
        seed: 5,
        size: '16:9',
        count: 2,
        quality: 'HD',
        tags: { style: ['x'] },
      },
    };
    const subtle = variationParams(task, 'r1', 'subtle');
    expect(subtle).toMatchObject({ mode: 'iterate', baseImageId: 'r1', prompt: 'a villa', count: 2, quality: 'HD' });
    expect(subtle).not.toHaveProperty('seed');
    expect(subtle).not.toHaveProperty('size');
    expect(variationParams(task, 'r1', 'strong').imageWeight!).toBeLessThan(subtle.imageWeight!);
  });
});
