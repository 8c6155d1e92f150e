import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { WordPackagePicker } from './word-package-picker.tsx';

const recommended = (name: string) => ({
  data: {
    recommended: [
      { id: '00000000-0000-4000-8000-0000000000a1', name, positive: 'warm light', negative: '', recommended: true },
    ],
    own: [],
  },
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the word package picker', () => {
  it('names the recommended packages in the language the user switches to', async () => {
    // The server answers in the language the request asks for.
    const api = mockApi({
      '/design/wordPackage/list': () => recommended(i18n.language === 'zh' ? '黄金时刻' : 'Golden hour'),
    });
    renderInApp(<WordPackagePicker value={[]} onChange={vi.fn()} />);
    expect(await screen.findByText('Golden hour')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByText('黄金时刻')).toBeInTheDocument();
    expect(screen.queryByText('Golden hour')).not.toBeInTheDocument();
    expect(api.to('/design/wordPackage/list')).toHaveLength(2);
  });
});
