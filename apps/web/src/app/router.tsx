import type { QueryClient } from '@tanstack/react-query';
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { clientConfigQueryOptions } from '../shared/api/get-client-config.ts';
import { PATHS } from '../shared/routes/paths.ts';
import { requireLogin } from './guards.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { BootShell } from './boot-shell.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { h, page } from './lazy-page.ts';

/** Pages load on demand so the homepage ships only what it needs. */
const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // While the first route loads: what index.html painted first (the progress bar says
    // it is loading).
    HydrateFallback: BootShell,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => redirect(PATHS.home) },
          {
            path: PATHS.home,
            handle: h({ title: 'routes.home', fullWidth: true }),
            lazy: page(
              () => import('../features/home/pages/home-page.tsx'),
              (m) => m.HomePage,
              ['home'],
            ),
          },
          {
            path: PATHS.login,
            handle: h({ title: 'routes.login', hideHeader: true, fullWidth: true }),
            lazy: page(
              () => import('../features/auth/pages/login-page.tsx'),
              (m) => m.LoginPage,
              ['auth', 'phone', 'errors'],
            ),
          },
          {
            path: PATHS.user,
            loader: requireLogin,
            handle: h({ title: 'routes.user' }),
            lazy: page(
              () => import('./layouts/user-layout.tsx'),
              (m) => m.UserLayout,
            ),
            children: [
              { index: true, loader: () => redirect(PATHS.profile) },
              {
                path: PATHS.profile,
                handle: h({ title: 'routes.profile' }),
                lazy: page(
                  () => import('./profile-route.tsx'),
                  (m) => m.ProfileRoute,
                  ['user', 'auth', 'billing', 'errors'],
                ),
              },
              {
                path: PATHS.product,
                // The purchase steps (?pay=, ?order=) live in the query; the page keeps its choices.
                handle: h({ title: 'routes.product', keepOnQuery: true }),
                lazy: page(
                  () => import('../features/billing/pages/product-page.tsx'),
                  (m) => m.ProductPage,
                  ['billing', 'errors'],
                ),
              },
              {
                path: PATHS.support,
                handle: h({ title: 'routes.support' }),
                lazy: page(
                  () => import('../features/support/pages/support-page.tsx'),
                  (m) => m.SupportPage,
                  ['support', 'errors'],
                ),
              },
              {
                path: PATHS.apiKeys,
                handle: h({ title: 'routes.apiKeys' }),
                lazy: page(
                  () => import('../features/developer/pages/api-keys-page.tsx'),
                  (m) => m.ApiKeysPage,
                  ['developer', 'errors'],
                ),
              },
              {
                path: PATHS.webhooks,
                handle: h({ title: 'routes.webhooks' }),
                lazy: page(
                  () => import('../features/developer/pages/webhooks-page.tsx'),
                  (m) => m.WebhooksPage,
                  ['developer', 'developer-webhooks', 'errors'],
                ),
              },
            ],
          },
          {
            path: PATHS.project,
            loader: requireLogin,
            handle: h({ title: 'routes.project', keepOnQuery: true }),
            lazy: page(
              () => import('../features/project/pages/project-page.tsx'),
              (m) => m.ProjectPage,
              ['project', 'workspace', 'errors'],
            ),
          },
          {
            path: PATHS.review,
            handle: h({ title: 'routes.review' }),
            lazy: page(
              () => import('../features/project/pages/review-page.tsx'),
              (m) => m.ReviewPage,
              ['review', 'errors'],
            ),
          },
          {
            path: PATHS.workspace,
            loader: requireLogin,
            // The folder and the view live in the query; changing them keeps the page's state.
            handle: h({ title: 'routes.workspace', keepOnQuery: true }),
            lazy: page(
              () => import('./workspace-route.tsx'),
              (m) => m.WorkspaceRoute,
              ['workspace', 'project', 'errors'],
            ),
          },
          {
            path: PATHS.design,
            loader: requireLogin,
            handle: h({ title: 'routes.design' }),
            lazy: page(
              () => import('./layouts/design-layout.tsx'),
              (m) => m.DesignLayout,
              ['project'],
            ),
            children: [
              { index: true, loader: () => redirect(PATHS.iterationRendering) },
              {
                path: PATHS.textGenerate,
                handle: h({ title: 'routes.textGenerate' }),
                lazy: page(
                  () => import('../features/design/pages/text-generate-page.tsx'),
                  (m) => m.TextGeneratePage,
                  ['design', 'errors'],
                ),
              },
              {
                path: PATHS.iterationRendering,
                handle: h({ title: 'routes.iterationRendering' }),
                lazy: page(
                  () => import('../features/design/pages/iteration-rendering-page.tsx'),
                  (m) => m.IterationRenderingPage,
                  ['design', 'errors'],
                ),
              },
              {
                path: PATHS.stepEditing,
                handle: h({ title: 'routes.stepEditing' }),
                lazy: page(
                  () => import('../features/design/pages/step-editing-page.tsx'),
                  (m) => m.StepEditingPage,
                  ['design', 'errors'],
                ),
              },
            ],
          },
          {
            path: PATHS.community,
            handle: h({ title: 'routes.community', keepOnQuery: true }),
            lazy: page(
              () => import('../features/community/pages/community-page.tsx'),
              (m) => m.CommunityPage,
              ['community', 'errors'],
            ),
          },
          {
            path: PATHS.detail,
            handle: h({ title: 'routes.detail' }),
            lazy: page(
              () => import('../features/community/pages/detail-page.tsx'),
              (m) => m.DetailPage,
              ['community', 'errors'],
            ),
          },
          {
            path: PATHS.own,
            handle: h({ title: 'routes.own' }),
            lazy: page(
              () => import('../features/own/pages/own-page.tsx'),
              (m) => m.OwnPage,
              ['own', 'auth'],
            ),
          },
          {
            path: PATHS.developers,
            handle: h({ title: 'routes.developers' }),
            lazy: page(
              () => import('../features/developer/pages/api-reference-page.tsx'),
              (m) => m.ApiReferencePage,
              ['developer', 'developer-api'],
            ),
          },
          {
            path: PATHS.redirect,
            handle: h({ title: 'routes.redirect' }),
            lazy: page(
              () => import('./redirect-page.tsx'),
              (m) => m.RedirectPage,
            ),
          },
          adminRoutes,
          {
            path: '*',
            handle: h({ title: 'routes.notFound' }),
            lazy: page(
              () => import('./not-found-page.tsx'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];

/** The longest the first page waits for the client configuration before it is shown without it. */
const CONFIG_WAIT_MS = 1_000;

/**
 * The app's router. The first page is shown once the client configuration is in the cache (index.html
 * started fetching it, so it is usually there before the page's code), so what depends on it, such as
 * the test-payments ribbon above every page, is part of the first paint instead of pushing the page
 * down a moment later.
 */
export function createRouter(queryClient: QueryClient) {
  const [root, ...rest] = routes;
  const configReady = () =>
    Promise.race([
      queryClient.ensureQueryData(clientConfigQueryOptions()).catch(() => null),
      new Promise((resolve) => setTimeout(resolve, CONFIG_WAIT_MS)),
    ]).then(() => null);
  return createHashRouter([{ ...root!, loader: configReady }, ...rest]);
}
