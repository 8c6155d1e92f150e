import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { AdminEngine, EngineServer, OperatorRole } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { relativeTime } from '../components/engines/relative-time.ts';
import { EnginesPage } from './engines-page.tsx';

const GPU1 = 'http://gpu-1:8188';
const GPU2 = 'http://gpu-2:8188';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const server = (url: string, over: Partial<EngineServer> = {}): EngineServer => ({
  url,
  state: 'up',
  ok: true,
  running: 0,
  pending: 0,
  done: 0,
  since: minutesAgo(90),
  ...over,
});

const fleet = (servers: EngineServer[]): AdminEngine[] => [
  {
    name: 'comfyui',
    models: ['architecture'],
    isDefault: true,
    ok: true,
    detail: null,
    servers,
    checkedAt: new Date().toISOString(),
  },
  {
    name: 'openai',
    models: ['architecture-beta'],
    isDefault: false,
    ok: false,
    detail: 'not started: the openai engine needs OPENAI_API_KEY',
    servers: [],
    checkedAt: new Date().toISOString(),
  },
];

const me = (role: OperatorRole) => ({
  data: {
    via: 'session',
    role,
    user: { id: 'op', username: 'op' },
    secondFactor: { enrolled: true, required: true, passed: true, recoveryCodesLeft: 8 },
  },
});

/** The server: the fleet as stored, changed by drain and resume as the API would. */
function serve(role: OperatorRole = 'owner') {
  let servers = [
    server(GPU1, { running: 1, pending: 2, done: 14 }),
    server(GPU2, { state: 'down', ok: false, lastError: 'probe failed: connection refused', since: minutesAgo(5) }),
  ];
  const change = (url: string, over: Partial<EngineServer>, drop = false) => {
    servers = servers.map((s) => {
      if (s.url !== url) return s;
      const { drainedBy: _by, drainedAt: _at, ...rest } = s;
      return { ...(drop ? rest : s), ...over };
    });
    return { data: servers.find((s) => s.url === url) };
  };
  return mockApi({
    '/admin/me': me(role),
    '/admin/engines': () => ({ data: fleet(servers) }),
    '/admin/engines/drain': (body) => {
      const at = new Date().toISOString();
      const { url } = body as { url: string };
      return change(url, { state: 'draining', ok: false, since: at, drainedBy: 'op', drainedAt: at });
    },
    '/admin/engines/resume': (body) => change((body as { url: string }).url, { state: 'up', ok: true }, true),
  });
}

const show = () =>
  renderInApp(
    <App>
      <EnginesPage />
    </App>,
    { path: '/admin/engines' },
  );
const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr')!;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the engines page', () => {
  it('shows each engine and every server with its state, queue, last error and since when', async () => {
    serve();
    show();
    expect(await screen.findByRole('heading', { name: 'comfyui', level: 2 })).toBeInTheDocument();
    const up = await rowOf(GPU1);
    expect(within(up).getByText('Up')).toBeInTheDocument();
    expect(up).toHaveTextContent('1214');
    expect(within(up).getByText('2 hours ago')).toBeInTheDocument();
    const down = await rowOf(GPU2);
    expect(within(down).getByText('Down')).toBeInTheDocument();
    expect(within(down).getByText('probe failed: connection refused')).toBeInTheDocument();
    expect(within(down).getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('not started: the openai engine needs OPENAI_API_KEY')).toBeInTheDocument();
    expect(screen.getByText('Takes no work')).toBeInTheDocument();
  });

  it('drains a server after a confirmation, shows who drained it, and resumes it', async () => {
    const calls = serve();
    show();
    const user = userEvent.setup();
    await user.click(within(await rowOf(GPU1)).getByRole('button', { name: `Drain ${GPU1}` }));
    const confirm = (await screen.findByText(/It finishes the work it has/)).closest<HTMLElement>('[role="tooltip"]')!;
    expect(confirm).toHaveTextContent(`Drain ${GPU1}? It finishes the work it has`);
    await user.click(within(confirm).getByRole('button', { name: 'Drain' }));
    await waitFor(() => expect(calls.to('/admin/engines/drain')).toHaveLength(1));
    expect(calls.to('/admin/engines/drain')[0]!.body).toEqual({ url: GPU1 });
    expect(await screen.findByText(`${GPU1} is draining: it gets no new work.`)).toBeInTheDocument();
    const drained = await rowOf(GPU1);
    expect(await within(drained).findByText('Draining')).toBeInTheDocument();
    expect(within(drained).getByText(/^Drained by op /)).toBeInTheDocument();

    await user.click(within(drained).getByRole('button', { name: `Resume ${GPU1}` }));
    const again = (await screen.findByText(`Resume ${GPU1}? It takes work again at once.`)).closest<HTMLElement>(
      '[role="tooltip"]',
    )!;
    await user.click(await within(again).findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls.to('/admin/engines/resume')).toHaveLength(1));
    expect(calls.to('/admin/engines/resume')[0]!.body).toEqual({ url: GPU1 });
    expect(await within(await rowOf(GPU1)).findByText('Up')).toBeInTheDocument();
  });

  it('reads the same in Chinese', async () => {
    await i18n.changeLanguage('zh');
    serve();
    show();
    const row = await rowOf(GPU2);
    expect(within(row).getByText('离线')).toBeInTheDocument();
    expect(within(row).getByText('5分钟前')).toBeInTheDocument();
    expect(within(await rowOf(GPU1)).getByRole('button', { name: `排空 ${GPU1}` })).toBeInTheDocument();
  });

  it('offers no drain to an operator who may not drain', async () => {
    serve('support');
    show();
    await rowOf(GPU1);
    expect(screen.queryByRole('button', { name: /Drain/ })).toBeNull();
  });
});

describe('how long ago', () => {
  it('picks the largest whole unit', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(relativeTime('2026-03-01T11:59:30Z', now, 'en')).toBe('30 seconds ago');
    expect(relativeTime('2026-03-01T11:00:00Z', now, 'en')).toBe('1 hour ago');
    expect(relativeTime('2026-02-27T12:00:00Z', now, 'en')).toBe('2 days ago');
    expect(relativeTime('2026-03-01T12:00:00Z', now, 'zh')).toBe('现在');
  });
});
