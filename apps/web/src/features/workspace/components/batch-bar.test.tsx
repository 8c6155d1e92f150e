import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { dispositionName } from '../api/download-zip.ts';
import type { ZipState } from '../hooks/use-zip-download.ts';
import { BatchBar } from './batch-bar.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const bar = (zip: ZipState, handlers: { onZip?: () => void; onZipCancel?: () => void } = {}) =>
  render(
    <BatchBar
      total={3}
      selected={2}
      onSelectAll={() => {}}
      onMove={() => {}}
      onCopy={() => {}}
      onDelete={() => {}}
      onClear={() => {}}
      onZip={handlers.onZip ?? (() => {})}
      onZipCancel={handlers.onZipCancel ?? (() => {})}
      zip={zip}
    />,
  );

describe('the ZIP download in the selection bar', () => {
  it('offers the selection as a ZIP, then shows it being prepared and its progress, which can be cancelled', async () => {
    const onZip = vi.fn();
    const onZipCancel = vi.fn();
    const user = userEvent.setup();
    bar({ phase: 'idle' }, { onZip, onZipCancel });
    await user.click(screen.getByRole('button', { name: /Download 2 as ZIP/ }));
    expect(onZip).toHaveBeenCalledOnce();
    cleanup();

    bar({ phase: 'preparing' }, { onZipCancel });
    expect(screen.getByText('Preparing the ZIP…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download 2 as ZIP/ })).toBeNull();
    cleanup();

    bar({ phase: 'downloading', percent: 45 }, { onZipCancel });
    expect(screen.getByText('Downloading the ZIP… 45%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'ZIP download progress' })).toHaveAttribute('aria-valuenow', '45');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onZipCancel).toHaveBeenCalledOnce();
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    bar({ phase: 'downloading', percent: 10 });
    expect(screen.getByText('正在下载 ZIP… 10%')).toBeInTheDocument();
  });

  it('saves under the name the server gave, the UTF-8 one first', () => {
    expect(dispositionName(`attachment; filename="____.zip"; filename*=UTF-8''%E6%B9%96%E8%BE%B9.zip`, 'x')).toBe(
      '湖边.zip',
    );
    expect(dispositionName('attachment; filename="turing-2-images.zip"', 'x')).toBe('turing-2-images.zip');
    expect(dispositionName(null, 'fallback.zip')).toBe('fallback.zip');
  });
});
