import { describe, expect, it } from 'vitest';
import { usesReference, type EngineCapabilities } from './capabilities.ts';
import { modelCapabilities } from './design.catalogue.ts';

type ReferenceCaps = Pick<EngineCapabilities, 'reference' | 'referenceModes' | 'modes'>;

const caps = (over: Partial<ReferenceCaps>): ReferenceCaps => ({
  modes: ['text', 'iterate', 'edit'],
  reference: true,
  ...over,
});

describe('usesReference', () => {
  it('reads every mode the engine runs when no modes are named', () => {
    const all = caps({});
    expect(['text', 'iterate', 'edit'].map((m) => usesReference(all, m as 'text'))).toEqual([true, true, true]);
    // A mode it does not run at all is not one it uses a reference in.
    expect(usesReference(all, 'upscale')).toBe(false);
  });

  it('reads only the modes named, so a model can ignore a reference in text to image', () => {
    const some = caps({ referenceModes: ['iterate', 'edit'] });
    expect(usesReference(some, 'text')).toBe(false);
    expect(usesReference(some, 'iterate')).toBe(true);
    expect(usesReference(some, 'edit')).toBe(true);
  });

  it('is false in every mode for a model that takes no reference, whatever modes are named', () => {
    expect(usesReference(caps({ reference: false }), 'iterate')).toBe(false);
    expect(usesReference(caps({ reference: false, referenceModes: ['text'] }), 'text')).toBe(false);
  });

  it('reaches the studio: the catalogue keeps the modes, and a model without them parses as before', () => {
    const base = {
      modes: ['text', 'iterate'],
      maxCount: 4,
      aspects: 'any',
      qualities: ['SD'],
      mask: false,
      reference: true,
      depth: false,
      lineArt: false,
      seed: true,
      negativePrompt: true,
      upscale: [],
      languages: ['en'],
    };
    expect(modelCapabilities.parse({ ...base, referenceModes: ['iterate'] }).referenceModes).toEqual(['iterate']);
    expect(modelCapabilities.parse(base)).not.toHaveProperty('referenceModes');
    expect(() => modelCapabilities.parse({ ...base, referenceModes: ['sketch'] })).toThrow();
  });
});
