import { describe, expect, it } from 'vitest';
import { canVary, VARY_IMAGE_WEIGHT, variationParams, varyBlock } from './variation.ts';

const task = {
  params: {
    mode: 'iterate',
    model: 'architecture',
    type: 'interior',
    prompt: 'a reading room',
    negativePrompt: 'people',
    tags: { style: ['modern'], material: [], function: [] },
    wordPackageIds: ['w1'],
    count: 3,
    quality: 'HD',
    seed: 5,
    size: '16:9',
    imageWeight: 0.3,
    textWeight: 0.9,
    controlStrength: 0.8,
    baseImageId: 'b0',
    referenceImageId: 'ref',
    depthImageId: 'depth',
    lineArtImageId: 'lines',
    renderMode: 'neural',
  },
};

describe('a variation of a result', () => {
  it('starts from the result with the same words and settings, a new seed and the result’s own view', () => {
    const subtle = variationParams(task, 'r2', 'subtle');
    expect(subtle).toMatchObject({
      mode: 'iterate',
      baseImageId: 'r2',
      model: 'architecture',
      type: 'interior',
      prompt: 'a reading room',
      negativePrompt: 'people',
      tags: { style: ['modern'] },
      wordPackageIds: ['w1'],
      count: 3,
      quality: 'HD',
      textWeight: 0.9,
    });
    // The server picks a new seed; no size keeps the result's own shape.
    expect(subtle).not.toHaveProperty('seed');
    expect(subtle).not.toHaveProperty('size');
  });

  it('keeps much of the result when subtle and less when strong, through the image weight', () => {
    expect(variationParams(task, 'r2', 'subtle').imageWeight).toBe(VARY_IMAGE_WEIGHT.subtle);
    expect(variationParams(task, 'r2', 'strong').imageWeight).toBe(VARY_IMAGE_WEIGHT.strong);
    // ComfyUI's denoise (1 − 0.85 × weight) and Stability's strength (1 − weight): low when subtle, high when strong.
    const denoise = (w: number) => 1 - 0.85 * w;
    expect(denoise(VARY_IMAGE_WEIGHT.subtle)).toBeLessThan(0.35);
    expect(denoise(VARY_IMAGE_WEIGHT.strong)).toBeGreaterThan(0.55);
    expect(1 - VARY_IMAGE_WEIGHT.subtle).toBeLessThan(1 - VARY_IMAGE_WEIGHT.strong);
  });

  it('leaves out the guides and the reference, which would override the image it starts from', () => {
    const strong = variationParams(task, 'r2', 'strong');
    for (const key of ['referenceImageId', 'depthImageId', 'lineArtImageId', 'controlStrength', 'renderMode'])
      expect(strong).not.toHaveProperty(key);
  });

  it('needs a model that can start from an image', () => {
    const caps = (modes: string[]) => ({ capabilities: { modes } }) as never;
    expect(canVary(caps(['text', 'iterate']))).toBe(true);
    expect(canVary(caps(['text', 'edit']))).toBe(false);
    expect(canVary(undefined)).toBe(true);
  });

  it('is offered only where it keeps its promise: a model that reads the weight, a result of the whole picture', () => {
    const model = (modes: string[], imageWeight: boolean) => ({ capabilities: { modes, imageWeight } }) as never;
    const weighs = model(['text', 'iterate', 'edit', 'upscale'], true);
    expect(varyBlock({ mode: 'text' }, weighs)).toBeNull();
    expect(varyBlock({ mode: 'iterate' }, weighs)).toBeNull();
    // FLUX, Wan and GPT Image iterate but ignore the weight: subtle and strong would be the same image.
    expect(varyBlock({ mode: 'text' }, model(['text', 'iterate'], false))).toBe('weight');
    expect(varyBlock({ mode: 'text' }, model(['text', 'edit'], false))).toBe('model');
    // An edit's words describe its region only; an upscale can exceed the engines' input limits.
    expect(varyBlock({ mode: 'edit' }, weighs)).toBe('edit');
    expect(varyBlock({ mode: 'upscale' }, weighs)).toBe('upscale');
    expect(varyBlock({ mode: 'text' }, undefined)).toBeNull();
  });
});
