import { describe, expect, it } from 'vitest';
import { engineForTask } from './route.ts';

describe('which engine runs a task', () => {
  it("sends an upscale its engine cannot do to the built-in upscaler, and everything else to the model's engine", () => {
    const up = (upscale: 2 | 4) => ({ mode: 'upscale' as const, upscale });
    expect(engineForTask('openai', up(2))).toBe('preview');
    expect(engineForTask('flux', up(4))).toBe('preview');
    expect(engineForTask('wan', up(2))).toBe('preview');
    // Stability upscales ×4 only.
    expect(engineForTask('stability', up(4))).toBe('stability');
    expect(engineForTask('stability', up(2))).toBe('preview');
    expect(engineForTask('comfyui', up(2))).toBe('comfyui');
    expect(engineForTask('comfyui', { mode: 'upscale' })).toBe('comfyui');
    expect(engineForTask('openai', { mode: 'text' })).toBe('openai');
    expect(engineForTask('openai', { mode: 'edit' })).toBe('openai');
  });
});
