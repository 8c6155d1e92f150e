import { describe, expect, it } from 'vitest';
import { downloadName, formatBytes } from './format.ts';
import { paramsLink } from './studio-link.ts';

describe('workspace formatting', () => {
  it('shows sizes in KB below a megabyte and MB above', () => {
    expect(formatBytes(0, 'en')).toBe('0 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024 + 300_000, 'en')).toBe('5.3 MB');
  });

  it('names downloads with the image format', () => {
    expect(downloadName('/files/a/b.webp?sig=1', '1234567890')).toBe('turing-12345678.webp');
    expect(downloadName('/files/a/b', 'abcdef0123')).toBe('turing-abcdef01.png');
  });

  it('opens the studio page of the mode the image was made with', () => {
    expect(paramsLink({ mode: 'text', prompt: 'x' }).path).toBe('/design/text-generate');
    expect(paramsLink({ mode: 'upscale' }).path).toBe('/design/iteration-rendering');
    expect(paramsLink({ mode: 'edit' }).path).toBe('/design/step-editing');
    expect(paramsLink({ mode: 'iterate', prompt: 'y' }).state).toEqual({ params: { mode: 'iterate', prompt: 'y' } });
  });
});
