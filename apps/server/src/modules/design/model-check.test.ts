import { describe, expect, it } from 'vitest';
import { taskParams, type EngineCapabilities, type TaskParamsInput } from '@turing/contract';
import { ENGINE_CAPABILITIES } from '../../generation/capabilities.ts';
import { checkModel, defaultAspect } from './model-check.ts';

// A narrow engine no provider has today: text only, SD only, no mask, ×2 upscale of its own.
const narrow: EngineCapabilities = {
  ...ENGINE_CAPABILITIES.openai,
  modes: ['text', 'upscale'],
  qualities: ['SD'],
  mask: false,
  upscale: [2],
};
const settings = (upscaler: EngineCapabilities | null) => ({
  engineFor: () => 'stability' as const,
  engineForTask: (p: { mode: string; upscale?: number }) =>
    p.mode === 'upscale' && p.upscale !== 2 ? ('preview' as const) : ('stability' as const),
  engineSetUp: () => true,
  capabilities: (engine: string) => (engine === 'preview' ? upscaler : narrow),
});
const check = (params: TaskParamsInput, upscaler: EngineCapabilities | null = ENGINE_CAPABILITIES.preview) => {
  const s = settings(upscaler);
  try {
    checkModel(taskParams.parse(params), s);
    return null;
  } catch (err) {
    return (err as { code: string; params: object }).code;
  }
};
const id = '00000000-0000-4000-8000-000000000001';

describe('what a model cannot do', () => {
  it('refuses a mode, a quality, a painted region and an upscale nothing here makes', () => {
    expect(check({ mode: 'text', prompt: 'x' })).toBeNull();
    expect(check({ mode: 'iterate', baseImageId: id })).toBe('MODEL_MODE_UNSUPPORTED');
    expect(check({ mode: 'text', prompt: 'x', quality: 'HD' })).toBe('MODEL_QUALITY_UNSUPPORTED');
    expect(check({ mode: 'upscale', upscale: 2, baseImageId: id })).toBeNull();
    // ×4 goes to the built-in upscaler: fine while it makes ×4, refused when it does not.
    expect(check({ mode: 'upscale', upscale: 4, baseImageId: id })).toBeNull();
    expect(check({ mode: 'upscale', upscale: 4, baseImageId: id }, { ...narrow, upscale: [2] })).toBe(
      'MODEL_UPSCALE_UNSUPPORTED',
    );
  });

  it('refuses the user’s own negative prompt on a model that would ignore it, and only a non-blank one', () => {
    // `narrow` is OpenAI's: no negative prompt.
    expect(check({ mode: 'text', prompt: 'x', negativePrompt: 'people' })).toBe('MODEL_NEGATIVE_UNSUPPORTED');
    expect(check({ mode: 'text', prompt: 'x', negativePrompt: '  ' })).toBeNull();
    expect(check({ mode: 'text', prompt: 'x' })).toBeNull();
    const s = { ...settings(null), capabilities: () => ({ ...narrow, negativePrompt: true }) };
    expect(() =>
      checkModel(taskParams.parse({ mode: 'text', prompt: 'x', negativePrompt: 'people' }), s),
    ).not.toThrow();
  });

  it('refuses an edit region on a model without masks', () => {
    const s = { ...settings(null), capabilities: () => ({ ...narrow, modes: ['edit' as const] }) };
    const edit = taskParams.parse({ mode: 'edit', baseImageId: id, maskImageId: id });
    expect(() => checkModel(edit, s)).toThrow('MODEL_MASK_UNSUPPORTED');
  });

  it('gives a text task without a size the model’s aspect nearest 4:3', () => {
    expect(defaultAspect(ENGINE_CAPABILITIES.preview)).toBe('4:3');
    expect(defaultAspect(ENGINE_CAPABILITIES.openai)).toBe('3:2');
    expect(defaultAspect(ENGINE_CAPABILITIES.stability)).toBe('4:3');
  });
});
