import { describe, expect, it } from 'vitest';
import { StallWindow } from './stall-window.ts';

describe('stall window', () => {
  it('is the floor until the server shows its pace, then ten rolling gaps when that is longer', () => {
    const window = new StallWindow(1_000);
    expect(window.ms).toBe(1_000);

    for (let t = 0; t <= 2_000; t += 200) window.heard('a', t);
    expect(window.ms).toBe(2_000);

    for (let t = 2_000; t <= 40_000; t += 5_000) window.heard('a', t);
    expect(window.ms).toBeGreaterThan(20_000);
    expect(window.ms).toBeLessThanOrEqual(50_000);
  });

  it('does not count the time between two prompts as a gap', () => {
    const window = new StallWindow(1_000);
    window.heard('a', 0);
    window.heard('a', 50);
    window.heard('b', 600_000);

    expect(window.ms).toBe(1_000);
  });
});
