import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { WorkCard as Work } from '@turing/contract';
import { renderInApp } from '../../../test/render-app.tsx';
import { WorkCard } from './work-card.tsx';

afterEach(() => cleanup());

const work = (extra: Partial<Work> = {}): Work => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Pavilion',
  thumbUrl: '/files/private/result/a.thumb.webp?exp=1&sig=x',
  width: 1344,
  height: 768,
  likeCount: 3,
  collectCount: 1,
  creator: { id: 'c1', nickname: 'Mei', avatarUrl: null },
  publishedAt: '2026-03-01T10:00:00.000Z',
  liked: false,
  collected: false,
  ...extra,
});

const imageOf = () => screen.getByTestId('work-card').querySelector('img')!;

describe('a gallery card’s image', () => {
  it('offers the small and the large thumbnail at the width the grid gives the card', () => {
    renderInApp(
      <WorkCard
        work={work({
          thumbs: [
            { url: '/files/private/result/a.thumb-320.webp?exp=1&sig=y', width: 320 },
            { url: '/files/private/result/a.thumb.webp?exp=1&sig=x', width: 480 },
          ],
        })}
        likesLabel="3 likes"
        sizes="262px"
      />,
    );
    const img = imageOf();
    expect(img.getAttribute('srcset')).toBe(
      '/files/private/result/a.thumb-320.webp?exp=1&sig=y 320w, /files/private/result/a.thumb.webp?exp=1&sig=x 480w',
    );
    expect(img.getAttribute('sizes')).toBe('262px');
    // Browsers without srcset, and the first paint of every other, still have the large one.
    expect(img.getAttribute('src')).toBe('/files/private/result/a.thumb.webp?exp=1&sig=x');
  });

  it('leaves out a file more than twice as wide as a phone’s card', () => {
    renderInApp(
      <WorkCard
        work={work({
          thumbs: [
            { url: '/files/private/result/a.thumb-320.webp', width: 320 },
            { url: '/files/private/result/a.thumb.webp', width: 480 },
          ],
        })}
        likesLabel="3 likes"
        sizes="172px"
        maxFileWidth={344}
      />,
    );
    expect(imageOf().getAttribute('srcset')).toBe('/files/private/result/a.thumb-320.webp 320w');
    expect(imageOf().getAttribute('sizes')).toBe('172px');
  });

  it('is the one thumbnail there is when the server lists a single width or none', () => {
    renderInApp(
      <WorkCard
        work={work({ thumbs: [{ url: '/files/private/result/b.png', width: 300 }] })}
        likesLabel="3 likes"
        sizes="262px"
      />,
    );
    expect(imageOf().hasAttribute('srcset')).toBe(false);
    cleanup();
    renderInApp(<WorkCard work={work()} likesLabel="3 likes" sizes="262px" />);
    expect(imageOf().hasAttribute('srcset')).toBe(false);
    expect(imageOf().getAttribute('src')).toBe(work().thumbUrl);
  });
});
