import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../../shared/i18n/i18n.ts';
import * as toastModule from '../../../shared/ui/toast.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { useOrderReturn } from './use-order-return.ts';

const ID = '8d100cf7-336e-46ba-81d0-5c5b8d3ccb01';

function Probe({ onSettled }: { onSettled(): void }) {
  const { waiting } = useOrderReturn(ID, onSettled);
  return <p>{waiting ? 'waiting' : 'done'}</p>;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('coming back from a payment provider', () => {
  it('waits while the order is pending, then announces the payment once', async () => {
    const states = ['pending', 'pending', 'paid'];
    const api = mockApi({ '/billing/order/get': () => ({ data: { id: ID, state: states.shift() ?? 'paid' } }) });
    const success = vi.spyOn(toastModule.toast, 'success');
    const onSettled = vi.fn();
    renderInApp(<Probe onSettled={onSettled} />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1), { timeout: 6_000 });
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Payment received: your balance has been updated');
    expect(screen.getByText('done')).toBeInTheDocument();
    expect(api.to('/billing/order/get').length).toBe(3);
  });

  it('says so when the payment failed', async () => {
    mockApi({ '/billing/order/get': { data: { id: ID, state: 'failed' } } });
    const error = vi.spyOn(toastModule.toast, 'error');
    const onSettled = vi.fn();
    renderInApp(<Probe onSettled={onSettled} />);
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith('The payment failed; nothing was charged');
  });
});
