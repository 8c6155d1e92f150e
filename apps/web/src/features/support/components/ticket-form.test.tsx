import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { TicketForm } from './ticket-form.tsx';

beforeEach(async () => {
  await i18n.loadNamespaces(['support', 'errors']);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ticket = { id: 't1', subject: 'Stuck', status: 'open', contactEmail: 'ada@example.com', messages: [] };

async function write() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Subject'), 'Rendering stuck');
  await user.type(screen.getByLabelText('Message'), 'Queued for an hour.');
  await user.click(screen.getByRole('button', { name: /Send to support/ }));
  return user;
}

describe('the support form', () => {
  it('starts with the account e-mail, and the first send goes to it', async () => {
    const api = mockApi({ '/user/info': { data: { email: 'a***@example.com' } }, '/support/create': { data: ticket } });
    renderInApp(<TicketForm />);
    await waitFor(() => expect(screen.getByLabelText('Contact e-mail')).toHaveValue('a***@example.com'));
    await write();
    await waitFor(() => expect(api.to('/support/create')).toHaveLength(1));
    // The masked address is not sent: the server replies to the account's own.
    expect(api.to('/support/create')[0]!.body).toEqual({ subject: 'Rendering stuck', message: 'Queued for an hour.' });
  });

  it('sends another address the user typed, and checks it', async () => {
    const api = mockApi({ '/user/info': { data: { email: 'a***@example.com' } }, '/support/create': { data: ticket } });
    renderInApp(<TicketForm />);
    const field = screen.getByLabelText('Contact e-mail');
    await waitFor(() => expect(field).toHaveValue('a***@example.com'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'nobody');
    await write();
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ops@example.com');
    await user.click(screen.getByRole('button', { name: /Send to support/ }));
    await waitFor(() => expect(api.to('/support/create')).toHaveLength(1));
    expect(api.to('/support/create')[0]!.body).toMatchObject({ contactEmail: 'ops@example.com' });
  });

  it('asks for an address when the account has none', async () => {
    const api = mockApi({ '/user/info': { data: { email: null } } });
    renderInApp(<TicketForm />);
    await write();
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(api.to('/support/create')).toEqual([]);
  });
});
