import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StudioMode } from '../features/design/lib/studio-values.ts';
import { StudioPage } from '../features/design/components/studio-page.tsx';
import { readDraft } from '../features/design/lib/studio-draft.ts';
import { mockApi, type ApiAnswer } from './render-app.tsx';

type Answer = ApiAnswer | ((body: unknown) => ApiAnswer);

const tag = (slug: string, category: string) => ({
  slug,
  category,
  label: { en: slug, zh: `${slug} (zh)` },
  prompt: { en: slug, zh: `${slug} (zh)` },
  image: null,
});

export const costAnswer = (
  over: Partial<{ cubes: number; coveredByPlan: boolean; balance: number; enough: boolean; fits: object | null }> = {},
) => ({ data: { cubes: 1, coveredByPlan: false, balance: 18, planUntil: null, enough: true, fits: null, ...over } });

const everything = {
  modes: ['text', 'iterate', 'edit', 'upscale'],
  maxCount: 8,
  aspects: 'any',
  qualities: ['SD', 'HD', 'FHD'],
  mask: true,
  reference: true,
  depth: true,
  lineArt: true,
  imageWeight: true,
  seed: true,
  negativePrompt: true,
  upscale: [2, 4],
  languages: ['en', 'zh'],
};
const model = (id: string, en: string, engine: string, over: object = {}, caps: object = {}) => ({
  id,
  name: { en, zh: `${en}（中）` },
  engine,
  price: { SD: 1, HD: 2, FHD: 4, upscale: { '2': 2, '4': 4 } },
  capabilities: { ...everything, ...caps },
  upscaleFactors: [2, 4],
  available: true,
  unavailable: null,
  ...over,
});

/** The catalogue as a server with the preview engine and a Stability key (FLUX not set up) lists it. */
export const MODEL_CATALOGUE = {
  items: [
    model('architecture', 'Architecture', 'preview'),
    model('architecture-beta', 'Architecture beta', 'preview'),
    model(
      'stable-image-core',
      'Stable Image Core',
      'stability',
      { price: { SD: 2, HD: 3, FHD: 5, upscale: { '2': 2, '4': 16 } } },
      {
        maxCount: 4,
        aspects: ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'],
        reference: false,
        languages: ['en'],
      },
    ),
    model(
      'flux-pro',
      'FLUX Pro',
      'flux',
      { available: false, unavailable: 'not_set_up' },
      {
        modes: ['text', 'iterate', 'edit'],
        depth: false,
        lineArt: false,
        imageWeight: false,
        reference: false,
        negativePrompt: false,
      },
    ),
    model(
      'wan',
      'Wan',
      'wan',
      {},
      { modes: ['text', 'edit'], seed: false, depth: false, lineArt: false, imageWeight: false, reference: false },
    ),
  ],
};

/** The studio's calls answered as for a new user (one tag per category, nothing else yet); `over` replaces any. */
export function serveStudio(over: Record<string, Answer> = {}) {
  return mockApi({
    '/design/tags': {
      data: {
        style: [tag('modern', 'style')],
        material: [tag('timber', 'material')],
        function: [tag('villa', 'function')],
      },
    },
    '/design/wordPackage/list': { data: { recommended: [], own: [] } },
    '/design/task/list': { data: { items: [], nextCursor: null } },
    '/design/cost': costAnswer(),
    '/design/models': { data: MODEL_CATALOGUE },
    '/design/draft/get': { data: { draft: null } },
    '/design/draft/save': () => ({
      data: { saved: true, draft: { data: {}, rev: 1, editedAt: new Date().toISOString() } },
    }),
    '/user/beginnerGuide/get': { data: { progress: { design: true } } },
    ...over,
  });
}

/** Fails the first `times` calls with a server error, then answers `ok`. */
export function failingFirst(ok: ApiAnswer, times = 1) {
  let calls = 0;
  return () => (++calls <= times ? { status: 500, msg: 'Server error', data: null } : ok);
}

export function renderStudio(mode: StudioMode, state?: unknown, search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The page opens on this browser's draft, as StudioDraftGate opens it when the server has none newer.
  const router = createMemoryRouter([{ path: '*', element: <StudioPage mode={mode} draft={readDraft(mode)} /> }], {
    initialEntries: [{ pathname: '/design', search, state }],
  });
  render(
    // Without motion a closed dialog is hidden at once, as it is after its animation in a browser.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { client, router };
}
