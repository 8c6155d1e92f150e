import { describe, expect, it } from 'vitest';
import { taskParams, type TaskParamsInput } from '@turing/contract';
import { tiny } from '../../../test-support/tiny-engine.ts';
import { loadConfig } from '../../config.ts';
import { ENGINES } from '../../generation/engines/index.ts';
import { generationSettings } from '../../generation/index.ts';
import { createModelCatalogue } from './model-catalogue.ts';
import { checkModel } from './model-check.ts';

// The studio's model list and the checks before a task is charged read an engine from its
// descriptor, through the settings: an engine the product does not have shows up as it says.
const engines = [...ENGINES, tiny];
const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/turing-model-catalogue', MODEL_ENGINES: 'architecture-beta:tiny' };
const settings = generationSettings(loadConfig({ ...env, TINY_URL: 'http://tiny.internal' }, engines), engines);
const refusal = (params: TaskParamsInput) => {
  try {
    checkModel(taskParams.parse({ model: 'architecture-beta', ...params }), settings);
    return null;
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('an engine known only by its descriptor', () => {
  it('is listed with its capabilities and whether it is set up here', () => {
    const beta = createModelCatalogue(settings)
      .list()
      .find((m) => m.id === 'architecture-beta');
    expect(beta).toMatchObject({ engine: 'tiny', available: true, upscaleFactors: [2, 4] });
    expect(beta?.capabilities).toMatchObject({ modes: ['text', 'upscale'], maxCount: 2, aspects: ['1:1'] });
    const unset = generationSettings(loadConfig(env, engines), engines);
    expect(
      createModelCatalogue(unset)
        .list()
        .find((m) => m.id === 'architecture-beta'),
    ).toMatchObject({
      available: false,
      unavailable: 'not_set_up',
    });
  });

  it('refuses at submit what its capabilities leave out', () => {
    expect(refusal({ mode: 'text', prompt: 'a house', size: '1:1', quality: 'SD', count: 2 })).toBeNull();
    expect(refusal({ mode: 'text', prompt: 'a house', size: '1:1', quality: 'SD', count: 3 })).toBe(
      'MODEL_COUNT_TOO_HIGH',
    );
    expect(refusal({ mode: 'text', prompt: 'a house', size: '16:9', quality: 'SD' })).toBe('MODEL_ASPECT_UNSUPPORTED');
    expect(refusal({ mode: 'text', prompt: 'a house', negativePrompt: 'people', size: '1:1', quality: 'SD' })).toBe(
      'MODEL_NEGATIVE_UNSUPPORTED',
    );
  });
});

describe('the image weight in the studio’s model list', () => {
  it('is said only for the engines whose iterations read it, so the studio tells subtle from strong variations', () => {
    const weightOf = (engine: string) => {
      const routed = generationSettings(
        loadConfig({ ...env, MODEL_ENGINES: `architecture:${engine}`, GENERATION_ENGINE: 'preview' }, engines),
        engines,
      );
      return createModelCatalogue(routed)
        .list()
        .find((m) => m.id === 'architecture')?.capabilities.imageWeight;
    };
    // ComfyUI denoises from it, Stability sets its strength or fidelity from it, the preview mixes by it.
    expect(['comfyui', 'stability', 'preview'].map(weightOf)).toEqual([true, true, true]);
    // FLUX Kontext, Wan's image edit and GPT Image take no such setting: the weight changes nothing there.
    expect(['flux', 'wan', 'openai'].map(weightOf)).toEqual([false, false, false]);
  });
});
