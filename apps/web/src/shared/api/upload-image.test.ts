import { describe, expect, it } from 'vitest';
import { checkImageFile } from './upload-image.ts';

const MB = 1024 * 1024;

describe('checkImageFile', () => {
  it.each([
    ['shot.png', 'image/png', MB, null],
    ['photo.JPG', 'image/jpeg', MB, null],
    ['photo.jpeg', 'image/jpeg', 5 * MB, null],
    ['anim.gif', 'image/gif', MB, 'IMAGE_FORMAT'],
    ['renamed.png', 'image/gif', MB, 'IMAGE_FORMAT'],
    ['notes.txt', '', 10, 'IMAGE_FORMAT'],
    ['huge.png', 'image/png', 5 * MB + 1, 'IMAGE_TOO_LARGE'],
  ])('%s (%s, %i bytes) → %s', (name, type, size, expected) => {
    expect(checkImageFile({ name, type, size })).toBe(expected);
  });
});
