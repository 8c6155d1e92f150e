import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { made, tiny } from '../../test-support/tiny-engine.ts';
import { loadConfig } from '../config.ts';
import { engineCapabilities } from './capabilities.ts';
import { createEngineRegistry } from './engines.ts';
import { ENGINES } from './engines/index.ts';
import { resultSeed } from './seeds.ts';
import { generationSettings } from './settings.ts';

const engines = [...ENGINES, tiny];

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/turing-engine-plugins' };
const routed = { ...base, MODEL_ENGINES: 'architecture-beta:tiny', TINY_URL: 'http://tiny.internal' };
const silent = pino({ level: 'silent' });

describe('an engine added by its descriptor alone', () => {
  it('is configured: its settings are parsed, and settings may route to it', () => {
    const config = loadConfig({ ...routed, TINY_STEPS: '5' }, engines);
    expect(config.MODEL_ENGINES).toEqual({ 'architecture-beta': 'tiny' });
    expect(config).toMatchObject({ TINY_URL: 'http://tiny.internal', TINY_STEPS: 5 });
    expect(loadConfig({ ...base, GENERATION_ENGINE: 'tiny' }, engines).GENERATION_ENGINE).toBe('tiny');
    // Its settings are checked like any other, and a server without it refuses the name.
    expect(() => loadConfig({ ...routed, TINY_STEPS: '0' }, engines)).toThrow(/TINY_STEPS/);
    expect(() => loadConfig(routed)).toThrow(/MODEL_ENGINES: unknown engine "tiny"/);
  });

  it('routes, prices and checks by its own settings and capabilities', () => {
    const settings = generationSettings(
      loadConfig({ ...routed, MODEL_COSTS: 'architecture-beta:x2:7' }, engines),
      engines,
    );
    expect(settings.engineFor('architecture-beta')).toBe('tiny');
    expect(settings.engineSetUp('tiny')).toBe(true);
    expect(settings.modelsToRun()).toContain('architecture-beta');
    expect(settings.capabilities('tiny')).toBe(tiny.capabilities);
    expect(engineCapabilities('tiny', engines)).toBe(tiny.capabilities);
    // It upscales ×2 itself (at its own price); ×4 goes to the built-in upscaler.
    const upscale = (factor: 2 | 4) =>
      settings.engineForTask({ model: 'architecture-beta', mode: 'upscale', upscale: factor });
    expect([upscale(2), upscale(4)]).toEqual(['tiny', 'preview']);
    expect(settings.price('architecture-beta').upscale).toEqual({ 2: 7, 4: 4 });

    const unset = generationSettings(loadConfig({ ...routed, TINY_URL: '' }, engines), engines);
    expect(unset.engineSetUp('tiny')).toBe(false);
    // Not set up here: its upscale runs on the built-in upscaler.
    expect(unset.engineForTask({ model: 'architecture-beta', mode: 'upscale', upscale: 2 })).toBe('preview');
  });

  it('is made once by the registry, with its settings and the shared ones, and closed with it', async () => {
    const config = loadConfig(routed, engines);
    const registry = createEngineRegistry(config, silent, {}, engines);
    const engine = await registry.get('tiny');
    expect(await registry.get('tiny')).toBe(engine);
    expect(made.at(-1)).toMatchObject({ engine, config: { TINY_URL: 'http://tiny.internal', TINY_STEPS: 3 } });
    expect(made.at(-1)!.config.TASK_TIMEOUT_MS).toBe(config.TASK_TIMEOUT_MS);
    expect(registry.loaded()).toContain(engine);
    expect(registry.canCancelRunning('tiny')).toBe(false);
    expect(registry.canCancelRunning('preview')).toBe(true);
    await registry.close();
    expect(engine.close).toHaveBeenCalledOnce();
  });

  it('is not made without what it needs, and a name no descriptor has is refused', async () => {
    const registry = createEngineRegistry(loadConfig(base, engines), silent, {}, engines);
    await expect(registry.get('tiny')).rejects.toThrow('the tiny engine needs TINY_URL');
    await expect(registry.get('nope')).rejects.toThrow('unknown engine "nope"');
    expect(registry.loaded()).toEqual([]);
    // The server's own list does not have it.
    const product = createEngineRegistry(loadConfig(base), silent);
    await expect(product.get('tiny')).rejects.toThrow(/unknown engine "tiny" \(this server has preview, comfyui/);
  });

  it('gives its results their seeds', () => {
    expect(resultSeed('tiny', { mode: 'text', seed: 4 }, 1, engines)).toBe(41);
    expect(resultSeed('tiny', { mode: 'upscale', seed: 4 }, 0, engines)).toBeNull();
    expect(resultSeed('tiny', { mode: 'text' }, 0, engines)).toBeNull();
    expect(resultSeed('tiny', { mode: 'text', seed: 4 }, 1)).toBeNull();
  });
});
