import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { PATHS } from '../shared/routes/paths.ts';
import { requireLogin } from './guards.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import type { RouteHandle } from './route-handle.ts';

const h = (handle: RouteHandle) => handle;

/** Pages load on demand so the homepage ships only what it needs. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, loader: () => redirect(PATHS.home) },
      {
        path: PATHS.home,
        handle: h({ title: 'routes.home', fullWidth: true }),
        lazy: async () => ({ Component: (await import('../features/home/pages/home-page.tsx')).HomePage }),
      },
      {
        path: PATHS.login,
        handle: h({ title: 'routes.login', hideHeader: true, fullWidth: true }),
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page.tsx')).LoginPage }),
      },
      {
        path: PATHS.user,
        loader: requireLogin,
        handle: h({ title: 'routes.user' }),
        lazy: async () => ({ Component: (await import('./layouts/user-layout.tsx')).UserLayout }),
        children: [
          { index: true, loader: () => redirect(PATHS.profile) },
          {
            path: PATHS.profile,
            handle: h({ title: 'routes.profile' }),
            lazy: async () => ({ Component: (await import('../features/user/pages/profile-page.tsx')).ProfilePage }),
          },
          {
            path: PATHS.product,
            handle: h({ title: 'routes.product' }),
            lazy: async () => ({ Component: (await import('../features/user/pages/product-page.tsx')).ProductPage }),
          },
          {
            path: PATHS.support,
            handle: h({ title: 'routes.support' }),
            lazy: async () => ({ Component: (await import('../features/support/pages/support-page.tsx')).SupportPage }),
          },
        ],
      },
      {
        path: PATHS.workspace,
        loader: requireLogin,
        handle: h({ title: 'routes.workspace' }),
        lazy: async () => ({
          Component: (await import('../features/workspace/pages/workspace-page.tsx')).WorkspacePage,
        }),
      },
      {
        path: PATHS.design,
        loader: requireLogin,
        handle: h({ title: 'routes.design' }),
        lazy: async () => ({ Component: (await import('./layouts/design-layout.tsx')).DesignLayout }),
        children: [
          { index: true, loader: () => redirect(PATHS.iterationRendering) },
          {
            path: PATHS.textGenerate,
            handle: h({ title: 'routes.textGenerate' }),
            lazy: async () => ({
              Component: (await import('../features/design/pages/text-generate-page.tsx')).TextGeneratePage,
            }),
          },
          {
            path: PATHS.iterationRendering,
            handle: h({ title: 'routes.iterationRendering' }),
            lazy: async () => ({
              Component: (await import('../features/design/pages/iteration-rendering-page.tsx')).IterationRenderingPage,
            }),
          },
          {
            path: PATHS.stepEditing,
            handle: h({ title: 'routes.stepEditing' }),
            lazy: async () => ({
              Component: (await import('../features/design/pages/step-editing-page.tsx')).StepEditingPage,
            }),
          },
        ],
      },
      {
        path: PATHS.community,
        handle: h({ title: 'routes.community' }),
        lazy: async () => ({
          Component: (await import('../features/community/pages/community-page.tsx')).CommunityPage,
        }),
      },
      {
        path: PATHS.detail,
        handle: h({ title: 'routes.detail' }),
        lazy: async () => ({ Component: (await import('../features/community/pages/detail-page.tsx')).DetailPage }),
      },
      {
        path: PATHS.own,
        handle: h({ title: 'routes.own' }),
        lazy: async () => ({ Component: (await import('../features/own/pages/own-page.tsx')).OwnPage }),
      },
      {
        path: PATHS.redirect,
        handle: h({ title: 'routes.redirect' }),
        lazy: async () => ({ Component: (await import('./redirect-page.tsx')).RedirectPage }),
      },
      {
        path: '*',
        handle: h({ title: 'routes.notFound' }),
        lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
