import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { CatalogueEntry } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp, type ApiAnswer } from '../../../test/render-app.tsx';
import { CataloguePage } from './catalogue-page.tsx';

const pack: CatalogueEntry = {
  id: 'cubes-50',
  kind: 'cubes',
  cubes: 50,
  period: null,
  priceCny: 990,
  priceUsd: 149,
  nameEn: '50 cubes',
  nameZh: '50 魔方',
  active: true,
  sort: 10,
  updatedAt: '2026-03-01T08:00:00.000Z',
};
const plan: CatalogueEntry = {
  ...pack,
  id: 'plan-week',
  kind: 'plan',
  cubes: 0,
  period: 'week',
  priceCny: 5800,
  priceUsd: 899,
  nameEn: 'Week plan',
  nameZh: '周卡',
  sort: 20,
};

function api(update: ApiAnswer | ((body: unknown) => ApiAnswer)) {
  return mockApi({
    '/admin/me': { data: { via: 'session', role: 'finance', user: null, secondFactor: {} } },
    '/admin/catalogue/list': { data: [pack, plan] },
    '/admin/catalogue/update': update,
  });
}

const show = () =>
  renderInApp(
    <App>
      <CataloguePage />
    </App>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = await screen.findByLabelText(label);
  await waitFor(() => expect(input).not.toHaveValue(''));
  await user.clear(input);
  if (text) await user.type(input, text);
  return input;
}

describe('the catalogue page', () => {
  it('shows prices in yuan and dollars and saves a row’s changes in fen and cents', async () => {
    const calls = api((body) => ({ data: { ...pack, ...(body as object), updatedAt: '2026-03-02T08:00:00.000Z' } }));
    const user = userEvent.setup();
    show();
    expect(await screen.findByLabelText('Price of 50 cubes in yuan')).toHaveValue('9.90');
    expect(screen.getByLabelText('Price of Week plan in dollars')).toHaveValue('8.99');
    // A plan grants time: it has no cubes to edit.
    expect(screen.queryByLabelText('Cubes of Week plan')).toBeNull();
    const save = screen.getByRole('button', { name: 'Save 50 cubes' });
    expect(save).toBeDisabled();

    await retype(user, 'Price of 50 cubes in yuan', '12.34');
    await retype(user, 'English name of cubes-50', ' 50 cubes (sale) ');
    await user.click(screen.getByRole('switch', { name: '50 cubes on sale' }));
    await user.click(screen.getByRole('button', { name: 'Save 50 cubes' }));
    await waitFor(() =>
      expect(calls.to('/admin/catalogue/update').map((c) => c.body)).toEqual([
        { id: 'cubes-50', priceCny: 1234, nameEn: '50 cubes (sale)', active: false },
      ]),
    );
    expect(await screen.findByText('50 cubes (sale) saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save 50 cubes (sale)' })).toBeDisabled();
  });

  it('says what is wrong with a row and sends nothing', async () => {
    const calls = api({ data: pack });
    const user = userEvent.setup();
    show();
    await retype(user, 'Price of 50 cubes in yuan', '');
    await retype(user, 'English name of cubes-50', '   ');
    await retype(user, 'Cubes of 50 cubes', '');
    await user.click(screen.getByRole('button', { name: 'Save 50 cubes' }));
    expect(await screen.findByText('Enter a price')).toBeInTheDocument();
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByText('Enter whole cubes from 1 to 1,000,000')).toBeInTheDocument();
    expect(calls.to('/admin/catalogue/update')).toEqual([]);
  });

  it('puts the server’s refusal under the field it names', async () => {
    api({
      status: 400,
      code: 'VALIDATION',
      msg: 'Invalid input or settings',
      details: [{ field: 'priceUsd', code: 'VALIDATION' }],
    });
    const user = userEvent.setup();
    show();
    await retype(user, 'Price of Week plan in dollars', '9.5');
    await user.click(screen.getByRole('button', { name: 'Save Week plan' }));
    expect(await screen.findByText('Invalid input or settings')).toBeInTheDocument();
  });
});
