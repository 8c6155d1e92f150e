import { describe, expect, it } from 'vitest';
import { thumbSrcSet } from './thumb-srcset.ts';

const thumbs = [
  { url: '/s.webp?sig=a', width: 320 },
  { url: '/l.webp?sig=b', width: 480 },
];

describe('thumbnail sources', () => {
  it('list every width for a srcset, and nothing when there is one file', () => {
    expect(thumbSrcSet(thumbs)).toBe('/s.webp?sig=a 320w, /l.webp?sig=b 480w');
    expect(thumbSrcSet([{ url: '/l.webp', width: 480 }])).toBeUndefined();
    expect(thumbSrcSet(undefined)).toBeUndefined();
  });

  it('leave out files wider than a grid allows, but never the narrowest', () => {
    // A phone's 172 px card: nothing wider than 344 px, whatever the screen's density.
    expect(thumbSrcSet(thumbs, 344)).toBe('/s.webp?sig=a 320w');
    expect(thumbSrcSet(thumbs, 200)).toBe('/s.webp?sig=a 320w');
    expect(thumbSrcSet(thumbs, 524)).toBe('/s.webp?sig=a 320w, /l.webp?sig=b 480w');
  });
});
