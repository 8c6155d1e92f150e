import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import type { BoardExportImage } from '../../../shared/ui/board/board-export-context.ts';
import { BoardExportModal } from './board-export-modal.tsx';

const image = (n: number): BoardExportImage => ({
  imageId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  thumbUrl: `/files/thumb-${n}.webp`,
  caption: `A pavilion by the lake ${n}`,
});

/** The server: answers every export with `answer`, and keeps what was sent. */
function serve(answer: () => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return answer();
    }),
  );
  return sent;
}

/** Where the browser was told to save a file, and under which name. */
function saves() {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:board', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

const file = (type: string, name: string) =>
  new Response(new Uint8Array([1, 2, 3]), {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="x"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the board export dialog', () => {
  it('exports the chosen settings and edited captions, and saves under the server’s name', async () => {
    const sent = serve(() => file('image/png', '湖畔木亭-2026-11-27.png'));
    const names = saves();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <BoardExportModal open images={[image(1), image(2), image(3)]} defaultTitle="Lake pavilion" onClose={onClose} />,
    );

    const dialog = screen.getByRole('dialog', { name: 'Export board' });
    expect(within(dialog).getByLabelText('Board title')).toHaveValue('Lake pavilion');
    await user.click(within(dialog).getByText('PNG'));
    await user.click(within(dialog).getByText('A1'));
    await user.click(within(dialog).getByText('2 images'));
    // Three images two to a page: a ZIP of two PNG pages at A1's pixels for 300 DPI.
    expect(screen.getByTestId('board-summary')).toHaveTextContent(
      '2 pages of A1 Landscape, 9933 × 7016 px each at 300 DPI. A PNG board of several pages downloads as a ZIP',
    );
    const caption = within(dialog).getByLabelText('Caption of image 2');
    await user.clear(caption);
    await user.paste('清晨的湖面');
    await user.click(within(dialog).getByRole('button', { name: 'Move image 3 up' }));
    await user.click(screen.getByTestId('board-export-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(names).toEqual(['湖畔木亭-2026-11-27.png']);
    expect(sent[0]).toMatchObject({
      title: 'Lake pavilion',
      format: 'png',
      paper: 'A1',
      dpi: 300,
      layout: 2,
      lang: 'en',
      images: [
        { imageId: image(1).imageId, caption: 'A pavilion by the lake 1' },
        { imageId: image(3).imageId, caption: 'A pavilion by the lake 3' },
        { imageId: image(2).imageId, caption: '清晨的湖面' },
      ],
    });
  }, 60_000);

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    serve(() =>
      Response.json({ status: 404, msg: '未找到该图片', code: 'IMAGE_NOT_FOUND', data: null }, { status: 404 }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<BoardExportModal open images={[image(1)]} defaultTitle="Lake pavilion" onClose={onClose} />);
    await user.click(screen.getByTestId('board-export-submit'));
    expect(await screen.findByTestId('board-error')).toHaveTextContent('未找到该图片');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a title before anything is sent, in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    const sent = serve(() => file('application/pdf', 'board.pdf'));
    const user = userEvent.setup();
    render(<BoardExportModal open images={[image(1)]} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: '导出展板' })).toBeInTheDocument();
    // The board speaks the language of the app unless told otherwise.
    expect(screen.getByRole('radio', { name: '中文' })).toBeChecked();
    await user.click(screen.getByTestId('board-export-submit'));
    expect(await screen.findByText('请填写展板标题')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('refuses more images than a board holds', () => {
    serve(() => file('application/pdf', 'board.pdf'));
    const many = Array.from({ length: 25 }, (_, i) => image(i + 1));
    render(<BoardExportModal open images={many} defaultTitle="Lake pavilion" onClose={() => {}} />);
    expect(screen.getByText(/A board holds up to 24 images and 25 are selected/)).toBeInTheDocument();
    expect(screen.getByTestId('board-export-submit')).toBeDisabled();
  });
});
