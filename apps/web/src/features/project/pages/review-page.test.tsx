import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ProjectComment, ReviewProject } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, type ApiAnswer } from '../../../test/render-app.tsx';
import { PATHS } from '../../../shared/routes/paths.ts';
import { ReviewPage } from './review-page.tsx';

const TOKEN = 'k'.repeat(43);
const existing: ProjectComment = {
  id: 'c1',
  viewId: 'v1',
  imageId: 'img-1',
  x: 0.3,
  y: 0.4,
  body: '<b>Keep the brick</b>',
  author: { name: 'Ann', userId: null, avatarUrl: null, guest: true },
  resolved: false,
  canDelete: false,
  createdAt: '2026-11-27T10:00:00.000Z',
};
const project: ReviewProject = {
  name: 'Canal library',
  views: [
    {
      id: 'v1',
      name: 'Street elevation',
      current: { imageId: 'img-1', url: '/files/a.png', thumbUrl: '/files/a.webp', width: 1200, height: 800 },
    },
    { id: 'v2', name: 'Roof', current: null },
  ],
  comments: [existing],
};

function renderPage(token = TOKEN) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: PATHS.review, element: <ReviewPage /> },
      { path: PATHS.home, element: <p>Home page</p> },
    ],
    { initialEntries: [`/review/${token}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const refused = (status: number, code: string, msg: string): ApiAnswer => ({ status, code, msg, data: null });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the review page', () => {
  it('shows the project’s views with their images and comments, and pins a guest’s comment with a remembered name', async () => {
    const api = mockApi({
      '/review/open': { data: project },
      '/review/comment': (body) => ({
        data: { ...existing, id: 'c2', ...(body as object), author: { ...existing.author, name: 'Ms Wong' } },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Canal library' })).toBeInTheDocument();
    expect(api.to('/review/open')[0]!.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('img', { name: 'Street elevation' })).toHaveAttribute('src', '/files/a.png');
    expect(screen.getByText('No image in this view yet')).toBeInTheDocument();
    // A comment's text is shown as written.
    expect(screen.getByText('<b>Keep the brick</b>')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Add a comment$/ }));
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ms Wong');
    await user.type(screen.getByRole('textbox', { name: 'Comment 2' }), 'A warmer brick, please');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    const pins = await screen.findAllByRole('button', { name: /^Comment \d by/ });
    expect(pins).toHaveLength(2);
    expect(api.to('/review/comment')[0]!.body).toEqual({
      token: TOKEN,
      imageId: 'img-1',
      x: 0.5,
      y: 0.5,
      body: 'A warmer brick, please',
      name: 'Ms Wong',
    });
    expect(within(screen.getByTestId('comment-list')).getByText('A warmer brick, please')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('REVIEW_NAME')!).value).toBe('Ms Wong');
  });

  it('asks for the password, says when it is wrong, and opens the project with the right one', async () => {
    const api = mockApi({
      '/review/open': (body) => {
        const { password } = body as { password?: string };
        if (!password) return refused(401, 'REVIEW_PASSWORD_REQUIRED', 'This review link needs a password');
        if (password !== 'canal-2026') return refused(401, 'REVIEW_PASSWORD_WRONG', 'The password is not right');
        return { data: project };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const field = await screen.findByLabelText('Password');
    expect(screen.getByRole('heading', { name: 'This project is protected' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(field, 'canal-2025');
    await user.click(screen.getByRole('button', { name: /Open the project$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not right');
    // The same wrong password again is sent again (and refused again).
    await user.click(screen.getByRole('button', { name: /Open the project$/ }));
    await vi.waitFor(() => expect(api.to('/review/open')).toHaveLength(3));
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'canal-2026');
    await user.click(screen.getByRole('button', { name: /Open the project$/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Canal library' })).toBeInTheDocument();
    expect(api.to('/review/open').at(-1)!.body).toEqual({ token: TOKEN, password: 'canal-2026' });
    // Never written to the browser's storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('canal-2026');
  });

  it('says plainly when a link does not work, without asking the server about a malformed one', async () => {
    const api = mockApi({
      '/review/open': refused(404, 'REVIEW_LINK_INVALID', 'This review link does not work'),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This review link does not work' })).toBeInTheDocument();
    cleanup();
    renderPage('not-a-token');
    expect(await screen.findByRole('heading', { name: 'This review link does not work' })).toBeInTheDocument();
    expect(api.to('/review/open')).toHaveLength(1);
  });
});
