import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { AdminCode } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { CodesPage } from './codes-page.tsx';

const code = (over: Partial<AdminCode>): AdminCode => ({
  code: 'ABCD-EFGH-JKLM',
  batch: 'spring-fair',
  cubes: 50,
  planDays: 0,
  status: 'unused',
  expiresAt: null,
  usedBy: null,
  usedAt: null,
  revokedAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  ...over,
});

const listed = {
  items: [
    code({}),
    code({
      code: 'NPQR-STUV-WXYZ',
      status: 'used',
      usedBy: { id: 'u1', username: 'lin' },
      usedAt: '2026-03-02T08:00:00.000Z',
    }),
  ],
  total: 2,
  notes: { 'spring-fair': 'Design expo, booth 12' },
};
const minted = {
  batch: 'vip-week',
  cubes: 0,
  planDays: 7,
  expiresAt: null,
  note: 'Partner gift',
  codes: ['AAAA-BBBB-CCCC', '=DDD-EEEE-FFFF'],
};

function api() {
  return mockApi({
    '/admin/me': { data: { via: 'session', role: 'finance', user: null, secondFactor: {} } },
    '/admin/codes/list': { data: listed },
    '/admin/codes/mint': { data: minted },
    '/admin/codes/revoke': { data: { matched: 2, revoked: 1 } },
  });
}

/** What the page handed the browser to save: the file's name and text. */
function captureDownloads() {
  const saved: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href')!)!;
    // Read as written: Blob.text() would drop the byte-order mark the file starts with.
    saved.push({
      name: this.download,
      text: blob.arrayBuffer().then((b) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b)),
    });
  });
  return saved;
}

const show = () =>
  renderInApp(
    <App>
      <CodesPage />
    </App>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the redemption codes page', () => {
  it('lists codes with their batch’s note, status and who used them', async () => {
    api();
    show();
    const table = await screen.findByTestId('codes-table');
    expect(await within(table).findByText('ABCD-EFGH-JKLM')).toBeInTheDocument();
    expect(within(table).getAllByText('Design expo, booth 12')).toHaveLength(2);
    expect(within(table).getByText('lin')).toBeInTheDocument();
    expect(within(table).getByText('Used')).toBeInTheDocument();
    // Only the unused code can be revoked.
    expect(within(table).getAllByRole('button', { name: /^Revoke code/ })).toHaveLength(1);
    expect(screen.getByText('2 of 2 codes')).toBeInTheDocument();
  });

  it('refuses a batch worth nothing or with a bad name, sending nothing', async () => {
    const calls = api();
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText('Batch'), 'has spaces');
    await user.click(screen.getByRole('button', { name: 'Mint codes' }));
    expect(await screen.findAllByText('A code must give cubes, plan days or both')).toHaveLength(2);
    expect(screen.getByText('Use up to 64 letters, digits, dots, dashes or underscores')).toBeInTheDocument();
    expect(calls.to('/admin/codes/mint')).toEqual([]);
  });

  it('mints a batch, then offers its codes as a CSV file made in the page', async () => {
    const calls = api();
    const saved = captureDownloads();
    const user = userEvent.setup();
    show();
    const count = screen.getByLabelText('How many codes');
    await user.clear(count);
    await user.type(count, '2');
    await user.clear(screen.getByLabelText('Plan days per code'));
    await user.type(screen.getByLabelText('Plan days per code'), '7');
    await user.type(screen.getByLabelText('Batch'), 'vip-week');
    await user.type(screen.getByLabelText('Note'), ' Partner gift ');
    await user.click(screen.getByRole('button', { name: 'Mint codes' }));
    const done = await screen.findByTestId('codes-minted');
    expect(done).toHaveTextContent('Minted 2 codes in batch vip-week');
    expect(calls.to('/admin/codes/mint').map((c) => c.body)).toEqual([
      { count: 2, cubes: 0, planDays: 7, batch: 'vip-week', note: 'Partner gift' },
    ]);
    await user.click(within(done).getByRole('button', { name: /Download CSV/ }));
    expect(saved.map((s) => s.name)).toEqual(['codes-vip-week.csv']);
    expect(await saved[0]!.text).toBe(
      '\uFEFFcode,batch,cubes,plan days,redeemable until,note\r\n' +
        'AAAA-BBBB-CCCC,vip-week,0,7,,Partner gift\r\n' +
        "'=DDD-EEEE-FFFF,vip-week,0,7,,Partner gift\r\n",
    );
    // "Show this batch" lists it.
    await user.click(within(done).getByRole('button', { name: 'Show this batch' }));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.map(([u]) => new URL(String(u), 'http://app.test'))
          .some((u) => u.pathname.endsWith('/admin/codes/list') && u.searchParams.get('batch') === 'vip-week'),
      ).toBe(true),
    );
  });

  it('revokes a whole batch after asking, and says how many were withdrawn', async () => {
    const calls = api();
    const user = userEvent.setup();
    show();
    const table = await screen.findByTestId('codes-table');
    await user.click((await within(table).findAllByRole('button', { name: 'spring-fair' }))[0]!);
    await user.click(await screen.findByRole('button', { name: 'Revoke the batch' }));
    expect(await screen.findByText('Revoke every unused code of spring-fair?')).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: 'Revoke the batch' }).at(-1)!;
    await user.click(confirm);
    expect(await screen.findByText("Revoked 1 of the batch's 2 codes; used ones stay used")).toBeInTheDocument();
    expect(calls.to('/admin/codes/revoke').map((c) => c.body)).toEqual([{ batch: 'spring-fair' }]);
  });
});
