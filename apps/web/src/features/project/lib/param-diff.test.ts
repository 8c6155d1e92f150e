import { describe, expect, it } from 'vitest';
import { base, version } from '../test/project-fixtures.ts';
import { paramDifferences } from './param-diff.ts';

describe('the parameters two versions differ in', () => {
  it('lists only what changed, with both values', () => {
    const a = version(1, {
      params: { mode: 'iterate', prompt: 'Pavilion', quality: 'SD', imageWeight: 0.5, tags: { style: ['nordic'] } },
      seed: 7,
    });
    const b = version(2, {
      mode: 'edit',
      params: {
        mode: 'edit',
        prompt: 'Pavilion',
        quality: 'HD',
        imageWeight: 0.5,
        tags: { style: ['nordic', 'brutalist'] },
      },
      seed: 7,
    });
    expect(paramDifferences(a, b)).toEqual([
      { key: 'mode', a: 'iterate', b: 'edit' },
      { key: 'quality', a: 'SD', b: 'HD' },
      { key: 'style', a: ['nordic'], b: ['brutalist', 'nordic'] },
    ]);
  });

  it('compares tags as sets and finds nothing between equal parameters', () => {
    const a = version(1, { params: { prompt: 'x', tags: { material: ['oak', 'glass'] } } });
    const b = version(2, { params: { prompt: 'x', tags: { material: ['glass', 'oak'] } }, seed: a.seed });
    expect(paramDifferences(a, b)).toEqual([]);
  });

  it('shows a base image as having none of a result’s parameters', () => {
    const diffs = paramDifferences(base(1), version(2, { params: { upscale: 4 }, mode: 'upscale' }));
    expect(diffs).toContainEqual({ key: 'mode', a: null, b: 'upscale' });
    expect(diffs).toContainEqual({ key: 'upscale', a: null, b: 4 });
    expect(diffs).toContainEqual({ key: 'prompt', a: null, b: 'Pavilion 2' });
  });
});
