import { describe, expect, it, vi } from 'vitest';
import type { Engine, EngineHealth, EngineName } from '../../generation/engine.ts';
import { HEALTH_MAX_AGE_MS, createFleetService } from './fleet.service.ts';

/** An engine whose health answers what the test says, counting the checks. */
function fakeEngine(name: EngineName, answer: () => Promise<EngineHealth>) {
  const engine = {
    name,
    checks: 0,
    canCancelRunning: true,
    run: () => Promise.reject(new Error('not used')),
    health: () => {
      engine.checks += 1;
      return answer();
    },
    available: () => true,
    capacity: () => undefined,
    close: async () => undefined,
  };
  return engine satisfies Engine;
}

function fleetOf(
  engines: ReturnType<typeof fakeEngine>[],
  opts: { timeoutMs?: number; engineFor?: (model: string) => EngineName } = {},
) {
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  const fleet = createFleetService({
    engines: { get: async (name) => engines.find((e) => e.name === name)!, loaded: () => engines },
    engineFor: opts.engineFor ?? (() => 'comfyui'),
    models: () => ['architecture', 'architecture-beta'],
    defaultEngine: 'comfyui',
    now: () => clock,
    timeoutMs: opts.timeoutMs,
  });
  return { fleet, advance: (ms: number) => (clock += ms) };
}

const up = (url: string) => ({
  url,
  state: 'up' as const,
  ok: true,
  running: 1,
  pending: 2,
  done: 3,
  since: '2026-03-01T09:00:00.000Z',
});

describe('the fleet as readiness reports it', () => {
  it('asks an engine at most once a minute however often the probe comes', async () => {
    const comfy = fakeEngine('comfyui', async () => ({ ok: true, servers: [up('http://gpu-1'), up('http://gpu-2')] }));
    const { fleet, advance } = fleetOf([comfy]);
    expect(fleet.readiness()).toEqual([
      { name: 'comfyui', ok: true, servers: { up: 0, draining: 0, down: 0 }, checkedAt: null },
    ]);
    await vi.waitFor(() => expect(fleet.readiness()[0]!.checkedAt).toBe('2026-03-01T10:00:00.000Z'));
    for (let i = 0; i < 20; i++) fleet.readiness();
    expect(comfy.checks).toBe(1);
    expect(fleet.readiness()[0]!.servers).toEqual({ up: 2, draining: 0, down: 0 });

    advance(HEALTH_MAX_AGE_MS + 1);
    fleet.readiness();
    fleet.readiness();
    await vi.waitFor(() => expect(comfy.checks).toBe(2));
  });

  it('counts a health check that hangs or throws as unhealthy, answering the probe meanwhile', async () => {
    const hung = fakeEngine('comfyui', () => new Promise<EngineHealth>(() => undefined));
    const broken = fakeEngine('openai', () => Promise.reject(new Error('socket hang up')));
    const { fleet } = fleetOf([hung, broken], { timeoutMs: 20, engineFor: () => 'openai' });
    expect(fleet.readiness().map((e) => e.ok)).toEqual([true, true]);
    await vi.waitFor(() => expect(fleet.readiness().map((e) => e.ok)).toEqual([false, false]));

    const list = await fleet.inspect();
    expect(list.map(({ name, models, isDefault, ok, detail }) => ({ name, models, isDefault, ok, detail }))).toEqual([
      {
        name: 'comfyui',
        models: [],
        isDefault: true,
        ok: false,
        detail: 'no answer to the health check within 0.02 s',
      },
      {
        name: 'openai',
        models: ['architecture', 'architecture-beta'],
        isDefault: false,
        ok: false,
        detail: 'health check failed: socket hang up',
      },
    ]);
  });

  it('shares one check between the operator and the probe when they come together', async () => {
    let answer!: (health: EngineHealth) => void;
    const comfy = fakeEngine('comfyui', () => new Promise<EngineHealth>((resolve) => (answer = resolve)));
    const { fleet } = fleetOf([comfy]);
    fleet.readiness();
    const inspected = fleet.inspect();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer({ ok: true, servers: [up('http://gpu-1')] });
    expect((await inspected)[0]!.servers).toEqual([up('http://gpu-1')]);
    expect(comfy.checks).toBe(1);
  });
});
