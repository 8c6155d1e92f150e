import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewLink } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { ShareDialog } from './review-share-dialog.tsx';

const PROJECT = '00000000-0000-4000-8000-00000000000a';
const TOKEN = 'T'.repeat(43);
const link = (fields: Partial<ReviewLink>): ReviewLink => ({
  id: 'l1',
  label: 'Client',
  hasPassword: false,
  expiresAt: null,
  revoked: false,
  expired: false,
  lastOpenedAt: null,
  commentCount: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...fields,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the share dialog', () => {
  it('makes a link with a label, an expiry and a password, and shows its full address once', async () => {
    let links: ReviewLink[] = [];
    const made = link({ id: 'new', label: 'Ms Wong', hasPassword: true, expiresAt: '2026-12-04T10:00:00.000Z' });
    const api = mockApi({
      '/project/review-link/list': () => ({ data: { links } }),
      '/project/review-link/create': () => {
        links = [made];
        return { data: { link: made, token: TOKEN } };
      },
    });
    const user = userEvent.setup();
    renderInApp(<ShareDialog projectId={PROJECT} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Share for review' });
    expect(await within(dialog).findByText('No review links yet')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Label'), 'Ms Wong');
    await user.type(within(dialog).getByLabelText('Password (optional)'), 'canal-2026');
    await user.click(within(dialog).getByRole('button', { name: /Create link$/ }));

    const url = await within(dialog).findByRole('textbox', { name: 'Review link' });
    expect(url).toHaveValue(`${window.location.origin}${window.location.pathname}#/review/${TOKEN}`);
    expect(within(dialog).getByText('Copy this link now: it is shown only this once')).toBeInTheDocument();
    expect(api.to('/project/review-link/create')[0]!.body).toEqual({
      projectId: PROJECT,
      label: 'Ms Wong',
      expiresInDays: 30,
      password: 'canal-2026',
    });
    const listed = await within(dialog).findByTestId('review-link');
    expect(listed).toHaveTextContent('Ms Wong');
    expect(listed).toHaveTextContent('Password');
    // Once done, the address is gone for good.
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Review link' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('refuses a password that is too short before asking the server', async () => {
    const api = mockApi({ '/project/review-link/list': { data: { links: [] } } });
    const user = userEvent.setup();
    renderInApp(<ShareDialog projectId={PROJECT} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password (optional)'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: /Create link$/ }));
    expect(await within(dialog).findByText('A review link’s password has 4 to 64 characters')).toBeInTheDocument();
    expect(api.to('/project/review-link/create')).toHaveLength(0);
  });

  it('lists each link’s state and revokes one', async () => {
    let links = [
      link({ id: 'a', label: 'Client', lastOpenedAt: '2026-11-27T11:00:00.000Z', commentCount: 3 }),
      link({ id: 'b', label: '', expired: true, expiresAt: '2026-11-20T10:00:00.000Z' }),
      link({ id: 'c', label: 'Old', revoked: true }),
    ];
    const api = mockApi({
      '/project/review-link/list': () => ({ data: { links } }),
      '/project/review-link/revoke': (body) => {
        links = links.map((l) => (l.id === (body as { id: string }).id ? { ...l, revoked: true } : l));
        return { data: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderInApp(<ShareDialog projectId={PROJECT} open onClose={() => {}} />);
    const rows = await screen.findAllByTestId('review-link');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['active', 'expired', 'revoked']);
    expect(rows[0]).toHaveTextContent('3 comments');
    expect(rows[0]).toHaveTextContent('Last opened');
    expect(rows[1]).toHaveTextContent('Untitled link');
    expect(within(rows[2]!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: /Revoke “Client”/ }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(api.to('/project/review-link/revoke')[0]!.body).toEqual({ id: 'a' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('review-link')[0]).toHaveAttribute('data-status', 'revoked'));
  });
});
