import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ImageSlot } from './image-slot.tsx';

function renderSlot() {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json({
      status: 200,
      msg: 'success',
      data: { id: 'u1', kind: 'base', url: '/files/u1.png', width: 10, height: 10, bytes: 9 },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  const onChange = vi.fn();
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ImageSlot slot="base" size="large" onChange={onChange} />
    </QueryClientProvider>,
  );
  // The picker's input is re-created after each upload: look it up each time.
  const input = () => view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { fetch, onChange, input };
}

const user = () => userEvent.setup({ applyAccept: false });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an image slot', () => {
  it('refuses a file that is not png, jpg or jpeg without uploading it', async () => {
    const { fetch, input, onChange } = renderSlot();
    await user().upload(input(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wrong image format: only png, jpg and jpeg are accepted',
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses an image over 5MB without uploading it', async () => {
    const { fetch, input } = renderSlot();
    await user().upload(input(), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is over 5MB, please choose a smaller one');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads a good image as a base image and hands it to the form', async () => {
    const { fetch, input, onChange } = renderSlot();
    await user().upload(input(), new File(['png'], 'plan.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ id: 'u1', url: '/files/u1.png', width: 10, height: 10 }),
    );
    expect(String(fetch.mock.calls[0]![0])).toContain('/turing/upload/image?kind=base');
  });

  it('names the slot when the upload fails, and asks to check the network when it times out', async () => {
    const { fetch, input } = renderSlot();
    fetch.mockResolvedValueOnce(new Response('bad gateway', { status: 502 }));
    await user().upload(input(), new File(['png'], 'plan.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The base image upload failed, please try again');

    fetch.mockRejectedValueOnce(new DOMException('timed out', 'TimeoutError'));
    await user().upload(input(), new File(['png'], 'plan.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The upload timed out, please check the network status'),
    );
  });
});
