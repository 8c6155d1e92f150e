import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { base, uid, version } from '../test/project-fixtures.ts';
import { VersionCompare } from './version-compare.tsx';

const versions = [
  base(1),
  version(2, {
    parent: 1,
    params: { mode: 'iterate', prompt: 'Timber pavilion', quality: 'SD', model: 'architecture' },
  }),
  version(3, {
    parent: 2,
    mode: 'upscale',
    prompt: 'Timber pavilion',
    params: { mode: 'upscale', prompt: 'Timber pavilion', quality: 'SD', model: 'architecture', upscale: 4 },
    width: 3200,
    height: 2400,
  }),
];

function renderCompare(pair: [string, string] = [uid(2), uid(3)]) {
  mockApi({ '/design/tags': { data: { style: [], material: [], function: [] } } });
  const onClose = vi.fn();
  renderInApp(
    <App>
      <VersionCompare open versions={versions} pair={pair} onClose={onClose} />
    </App>,
  );
  return { onClose };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('comparing two versions', () => {
  it('lays the second over the first under a slider and lists the parameters that differ', async () => {
    renderCompare();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Compare versions')).toBeInTheDocument();
    const slider = within(dialog).getByRole('slider', { name: 'Move the split between version A and version B' });
    expect(slider).toHaveValue('50');
    expect(within(dialog).getByRole('img', { name: 'v2 · Upscale' })).toHaveAttribute('src', '/files/v3.png');
    expect(within(dialog).getByRole('img', { name: 'v1 · Iterative rendering' })).toHaveAttribute(
      'src',
      '/files/v2.png',
    );

    const table = within(dialog).getByRole('table', { name: 'Parameters that differ' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.dataset.key)).toEqual(['mode', 'upscale', 'seed']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Iterative rendering', 'Upscale']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['none', '4×']);
  });

  it('shows them side by side, and compares any two the user picks', async () => {
    const user = userEvent.setup();
    renderCompare();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Side by side'));
    const side = within(dialog).getByTestId('compare-side');
    expect(
      within(side)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/files/v2.png', '/files/v3.png']);
    expect(within(dialog).queryByRole('slider')).not.toBeInTheDocument();

    // Version A becomes the base image: every parameter of the result is new.
    await user.click(within(dialog).getByRole('combobox', { name: 'Version A' }));
    await user.click(await screen.findByRole('option', { name: 'B1 · Base image' }));
    expect(within(side).getAllByRole('img')[0]).toHaveAttribute('src', '/files/v1.png');
    const keys = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.dataset.key);
    expect(keys).toEqual(expect.arrayContaining(['mode', 'model', 'prompt', 'quality', 'upscale', 'seed']));
  });

  it('says when two versions share every parameter', async () => {
    renderCompare([uid(2), uid(2)]);
    expect(await screen.findByTestId('compare-same')).toHaveTextContent(
      'Both versions were made with the same parameters.',
    );
  });
});
