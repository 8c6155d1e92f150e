import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { UserAvatar, initialOf } from './user-avatar.tsx';

afterEach(cleanup);

describe('a person’s avatar', () => {
  it('shows the picture, decorative unless given a name to say', () => {
    const { container } = render(<UserAvatar url="/files/public/a.png" name="Ada" size={40} />);
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    cleanup();
    render(<UserAvatar url="/files/public/a.png" name="Ada" size={96} alt="Ada's avatar" />);
    expect(screen.getByRole('img', { name: "Ada's avatar" })).toHaveAttribute('src', '/files/public/a.png');
  });

  it('draws the first letter without adding text to what surrounds it', () => {
    const { container } = render(
      <button type="button">
        <UserAvatar url={null} name="  lin wei" size={32} />
        Lin Wei
      </button>,
    );
    const disc = container.querySelector('.user-avatar--initial')!;
    expect(disc).toHaveAttribute('data-initial', 'L');
    expect(disc).toHaveAttribute('aria-hidden', 'true');
    // The button's visible text stays the name alone.
    expect(screen.getByRole('button')).toHaveTextContent(/^Lin Wei$/);
  });

  it('names a letter avatar that stands alone', () => {
    render(<UserAvatar url={undefined} name="陈思远" size={96} alt="陈思远的头像" />);
    expect(screen.getByRole('img', { name: '陈思远的头像' })).toHaveAttribute('data-initial', '陈');
  });

  it('takes the first character, even beyond the basic plane, and a blank name as "?"', () => {
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf('   ')).toBe('?');
  });
});
