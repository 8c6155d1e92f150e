import { describe, expect, it } from 'vitest';
import type { FolderImage } from '@turing/contract';
import { formatBytes } from './format.ts';
import { downloadOf } from './image-actions.ts';
import { paramsLink } from './studio-link.ts';

describe('workspace formatting', () => {
  it('shows sizes in KB below a megabyte and MB above', () => {
    expect(formatBytes(0, 'en')).toBe('0 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024 + 300_000, 'en')).toBe('5.3 MB');
  });

  it('downloads through the named route, with the prompt, day and image format in the name', () => {
    const image = {
      imageId: 'abcdef01-2345',
      url: '/files/a/b.webp?sig=1',
      createdAt: '2026-11-26T09:00:00.000Z',
      params: { prompt: 'Modern villa at dusk' },
    } as unknown as FolderImage;
    expect(downloadOf(image)).toEqual({
      href: '/turing/workspace/image/download?id=abcdef01-2345',
      download: 'modern-villa-at-dusk-2026-11-26.webp',
    });
    expect(downloadOf({ ...image, params: null }).download).toBe('turing-2026-11-26-abcdef01.webp');
  });

  it('opens the studio page of the mode the image was made with', () => {
    expect(paramsLink({ mode: 'text', prompt: 'x' }).path).toBe('/design/text-generate');
    expect(paramsLink({ mode: 'upscale' }).path).toBe('/design/iteration-rendering');
    expect(paramsLink({ mode: 'edit' }).path).toBe('/design/step-editing');
    expect(paramsLink({ mode: 'iterate', prompt: 'y' }).state).toEqual({ params: { mode: 'iterate', prompt: 'y' } });
  });
});
