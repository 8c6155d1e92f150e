import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBanner, PresetPicture } from '@turing/contract';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../../test/render-app.tsx';
import { BannersTab } from './banners-tab.tsx';
import { PresetsTab } from './presets-tab.tsx';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const banner = (id: string, title: string, more: Partial<AdminBanner> = {}): AdminBanner => ({
  id,
  title: { en: title, zh: `${title}（中）` },
  subtitle: { en: '', zh: '' },
  link: '/design',
  imageUrl: `/files/public/banner/${id}.webp`,
  enabled: true,
  startsAt: null,
  endsAt: null,
  sort: 0,
  status: 'active',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...more,
});

const preset = (slug: string, replaced: boolean): PresetPicture => ({
  category: 'material',
  slug,
  label: { en: slug === 'oak' ? 'Oak' : 'Walnut', zh: slug === 'oak' ? '橡木' : '胡桃木' },
  type: 'both',
  imageUrl: `/turing/design/preset/material/${slug}?v=1`,
  replaced,
  updatedBy: replaced ? 'mila' : null,
  updatedAt: replaced ? '2026-11-20T10:00:00.000Z' : null,
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'summer.png', { type: 'image/png' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the banner list', () => {
  it('shows each banner’s status, and reorders and switches them with buttons', async () => {
    const api = mockApi({
      '/admin/content/banners': {
        data: [banner(A, 'Summer'), banner(B, 'Later', { status: 'scheduled', startsAt: '2026-12-01T10:00:00.000Z' })],
      },
      '/admin/content/banner/reorder': { data: [banner(B, 'Later'), banner(A, 'Summer')] },
      '/admin/content/banner/update': { data: banner(A, 'Summer', { enabled: false, status: 'off' }) },
    });
    renderInApp(<BannersTab />);
    const user = userEvent.setup();
    expect(await screen.findByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Shown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move “Summer” up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move “Later” up' }));
    await waitFor(() => expect(api.to('/admin/content/banner/reorder')).toHaveLength(1));
    expect(api.to('/admin/content/banner/reorder')[0]!.body).toEqual({ ids: [B, A] });

    await user.click(screen.getByRole('switch', { name: 'Show “Summer”' }));
    await waitFor(() => expect(api.to('/admin/content/banner/update')).toHaveLength(1));
    expect(api.to('/admin/content/banner/update')[0]!.body).toEqual({ id: A, enabled: false });
  });

  it('refuses a link out of the app in the form, then adds the banner with its picture', async () => {
    const api = mockApi({
      '/admin/content/banners': { data: [] },
      '/admin/content/banner/create': { data: banner(A, 'Summer') },
    });
    renderInApp(<BannersTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /New banner/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title (English)'), 'Summer');
    await user.type(within(dialog).getByLabelText('Title (Chinese)'), '夏季');
    await user.type(within(dialog).getByLabelText('Link'), 'https://evil.example');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText(/Link to a page of this app/)).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose a picture for the banner')).toBeInTheDocument();
    expect(api.to('/admin/content/banner/create')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Link'));
    await user.type(within(dialog).getByLabelText('Link'), '/community');
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, png());
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.to('/admin/content/banner/create')).toHaveLength(1));
    const form = api.to('/admin/content/banner/create')[0]!.body as FormData;
    expect(JSON.parse(form.get('data') as string)).toEqual({
      titleEn: 'Summer',
      titleZh: '夏季',
      subtitleEn: '',
      subtitleZh: '',
      link: '/community',
      startsAt: null,
      endsAt: null,
      enabled: true,
    });
    expect((form.get('file') as File).name).toBe('summer.png');
  });

  it('sends only what was changed when a banner is edited', async () => {
    const api = mockApi({
      '/admin/content/banners': { data: [banner(A, 'Summer')] },
      '/admin/content/banner/update': { data: banner(A, 'Autumn') },
    });
    renderInApp(<BannersTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText('Title (English)');
    await user.clear(title);
    await user.type(title, 'Autumn');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.to('/admin/content/banner/update')).toHaveLength(1));
    expect(api.to('/admin/content/banner/update')[0]!.body).toEqual({ id: A, titleEn: 'Autumn' });
    expect(api.to('/admin/content/banner/image')).toHaveLength(0);
  });
});

describe('the preset pictures', () => {
  it('replace a picture with a chosen file and restore only a replaced one', async () => {
    const api = mockApi({
      '/admin/content/presets': { data: { style: [], material: [preset('oak', false), preset('walnut', true)] } },
      '/admin/content/preset/replace': { data: preset('oak', true) },
      '/admin/content/preset/restore': { data: preset('walnut', false) },
    });
    renderInApp(<PresetsTab />);
    const user = userEvent.setup();
    const oak = await screen.findByRole('article', { name: /Oak/ });
    const walnut = screen.getByRole('article', { name: /Walnut/ });
    expect(within(oak).queryByRole('button', { name: /Restore original/ })).toBeNull();
    expect(within(walnut).getByText('Replaced')).toBeInTheDocument();

    await user.upload(oak.querySelector<HTMLInputElement>('input[type=file]')!, png());
    await waitFor(() => expect(api.to('/admin/content/preset/replace')).toHaveLength(1));
    expect((api.to('/admin/content/preset/replace')[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('/preset/replace'))![0];
    expect(String(sent)).toContain('category=material&slug=oak');

    await user.click(within(walnut).getByRole('button', { name: /Restore original/ }));
    await user.click(await screen.findByRole('button', { name: /^Restore original$/, hidden: false }));
    await waitFor(() => expect(api.to('/admin/content/preset/restore')).toHaveLength(1));
    expect(api.to('/admin/content/preset/restore')[0]!.body).toEqual({ category: 'material', slug: 'walnut' });
  });
});
