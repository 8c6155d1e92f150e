import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FINISHED_STATES, TASK_STATES } from '@turing/contract';
import { TRANSITIONS } from './transitions.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the task lifecycle', () => {
  it('is the only code that writes a task (the demo seed writes finished history, test fixtures aside)', () => {
    const writers = sources(src)
      .filter((file) => /\b(update|insert)\(\s*tasks\s*\)/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file))
      .sort();
    expect(writers).toEqual(['generation/lifecycle/task-state.repository.ts', 'modules/community/seed.demo.ts']);
  });

  it('never leaves a finished state, and every state but submitting can be reached', () => {
    const finished: readonly string[] = FINISHED_STATES;
    const reached = new Set<string>(['queued']);
    for (const [event, t] of Object.entries(TRANSITIONS)) {
      for (const from of t.from) expect(finished, `${event} from ${from}`).not.toContain(from);
      if ('to' in t) reached.add(t.to);
      else reached.add(t.from[0]!);
    }
    expect([...reached].sort()).toEqual(TASK_STATES.filter((s) => s !== 'submitting').sort());
  });

  it('refunds every ending but completion, and frees the slot of every ending', () => {
    for (const [event, t] of Object.entries(TRANSITIONS)) {
      const to = 'to' in t ? t.to : undefined;
      if (!to || !(FINISHED_STATES as readonly string[]).includes(to)) continue;
      const effects: readonly string[] = t.effects;
      expect(effects, event).toContain('release');
      expect(effects.includes('refund'), event).toBe(to !== 'complete');
    }
  });
});
