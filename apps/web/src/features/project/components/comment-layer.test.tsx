import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectComment } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { CommentLayer, ImageStage, type CommentLayerProps } from './comment-layer.tsx';
import { CommentList } from './comment-list.tsx';

const IMAGE = { id: 'img-1', url: '/files/street.png', width: 1200, height: 800, alt: 'Street elevation' };
const HTML = '<img src=x onerror="alert(1)"><b>bold</b>';

const comment = (id: string, fields: Partial<ProjectComment> = {}): ProjectComment => ({
  id,
  viewId: 'view-1',
  imageId: IMAGE.id,
  x: 0.25,
  y: 0.5,
  body: 'More light on the entrance',
  author: { name: 'Ann', userId: null, avatarUrl: null, guest: true },
  resolved: false,
  canDelete: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...fields,
});

function renderLayer(props: Partial<CommentLayerProps> = {}) {
  const onCreate = vi.fn(async () => {});
  const onActivate = vi.fn();
  render(
    <CommentLayer
      imageId={IMAGE.id}
      stage={(pins) => <ImageStage image={IMAGE}>{pins}</ImageStage>}
      comments={[]}
      canComment
      onCreate={onCreate}
      onActivate={onActivate}
      {...props}
    />,
  );
  return { onCreate, onActivate };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('the comment layer', () => {
  it('shows each comment as a numbered pin button at its point of the image', async () => {
    const user = userEvent.setup();
    const { onActivate } = renderLayer({
      comments: [
        comment('c1'),
        comment('c2', { x: 0.9, y: 0.1, resolved: true, author: { ...comment('x').author, name: 'Bo' } }),
      ],
    });
    const pins = screen.getAllByRole('button', { name: /^Comment \d by/ });
    expect(pins.map((p) => p.textContent)).toEqual(['1', '2']);
    expect(pins[0]).toHaveAccessibleName('Comment 1 by Ann');
    expect(pins[1]).toHaveAccessibleName('Comment 2 by Bo, resolved');
    expect(pins[0]).toHaveStyle({ left: '25%', top: '50%' });
    await user.click(pins[1]!);
    expect(onActivate).toHaveBeenCalledWith('c2');
  });

  it('places a pin from the keyboard: arrow keys move the crosshair, Enter places it, then the text is written', async () => {
    const user = userEvent.setup();
    const { onCreate } = renderLayer();
    await user.click(screen.getByRole('button', { name: /Add a comment$/ }));
    const placer = screen.getByRole('button', { name: /^Place a comment at 50% across, 50% down$/ });
    expect(placer).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(placer).toHaveAccessibleName('Place a comment at 54% across, 60% down');
    await user.keyboard('{Enter}');
    const body = screen.getByRole('textbox', { name: 'Comment 1' });
    expect(body).toHaveFocus();
    await user.type(body, 'Lower the parapet');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onCreate).toHaveBeenCalledWith({ body: 'Lower the parapet', x: 0.54, y: 0.6 });
    expect(screen.queryByRole('textbox', { name: 'Comment 1' })).not.toBeInTheDocument();
    // The keyboard is back where the pin was started.
    expect(screen.getByRole('button', { name: /Add a comment$/ })).toHaveFocus();
  });

  it('places a pin where the image is clicked, and leaves the mode with Escape', async () => {
    const user = userEvent.setup();
    const { onCreate } = renderLayer();
    await user.click(screen.getByRole('button', { name: /Add a comment$/ }));
    const placer = screen.getByTestId('comment-placer');
    vi.spyOn(placer, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      top: 50,
      width: 400,
      height: 200,
    } as DOMRect);
    await user.pointer({ keys: '[MouseLeft]', target: placer, coords: { clientX: 200, clientY: 100 } });
    await user.type(screen.getByRole('textbox', { name: 'Comment 1' }), 'Here');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ x: 0.25, y: 0.25 }));

    await user.click(screen.getByRole('button', { name: /Add a comment$/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('comment-placer')).not.toBeInTheDocument();
  });

  it('asks a guest for a name, offering the one remembered', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { onCreate } = renderLayer({ guestName: { value: 'Ms Wong', onChange } });
    await user.click(screen.getByRole('button', { name: /Add a comment$/ }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ms Wong');
    await user.type(screen.getByRole('textbox', { name: 'Comment 1' }), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(onCreate).toHaveBeenCalledWith({ body: 'Nice', name: 'Ms Wong', x: 0.5, y: 0.5 });
  });

  it('offers no comment mode to a reader who may not comment', () => {
    renderLayer({ canComment: false });
    expect(screen.queryByRole('button', { name: /Add a comment$/ })).not.toBeInTheDocument();
  });
});

describe('the comment list', () => {
  it('shows a comment’s text as text, never as HTML, with its author and what the reader may do', async () => {
    const user = userEvent.setup();
    const onResolve = vi.fn(async () => {});
    const onDelete = vi.fn(async () => {});
    const { container } = render(
      <CommentList
        comments={[
          comment('c1', { body: HTML }),
          comment('c2', { canDelete: true, author: { name: 'Bo', userId: 'u2', avatarUrl: null, guest: false } }),
        ]}
        onResolve={onResolve}
        onDelete={onDelete}
      />,
    );
    const items = screen.getAllByTestId('comment-item');
    expect(within(items[0]!).getByText(HTML)).toBeInTheDocument();
    expect(container.querySelector('img, b')).toBeNull();
    expect(within(items[0]!).getByText('Guest')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: /Resolve/ }));
    expect(onResolve).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2' }), true);
    await user.click(within(items[1]!).getByRole('button', { name: /Delete/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete', hidden: false }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2' }));
  });
});
