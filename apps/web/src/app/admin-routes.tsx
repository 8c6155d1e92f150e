import type { RouteObject } from 'react-router';
import { PATHS } from '../shared/routes/paths.ts';
import { requireLogin } from './guards.ts';
import { h, page } from './lazy-page.ts';

/** The operator console: a layout with its second-factor gate, and one page per part of the business. */
export const adminRoutes: RouteObject = {
  path: PATHS.admin,
  loader: requireLogin,
  handle: h({ title: 'routes.admin', fullWidth: true }),
  lazy: page(
    () => import('../features/admin/pages/console-layout.tsx'),
    (m) => m.ConsoleLayout,
    ['admin', 'errors'],
  ),
  children: [
    {
      index: true,
      lazy: page(
        () => import('../features/admin/pages/console-home.tsx'),
        (m) => m.ConsoleHome,
      ),
    },
    {
      path: 'dashboard',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/dashboard-page.tsx'),
        (m) => m.DashboardPage,
        ['admin', 'admin-dashboard', 'errors'],
      ),
    },
    {
      path: 'moderation',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/moderation-page.tsx'),
        (m) => m.ModerationPage,
        ['admin', 'admin-moderation', 'errors'],
      ),
    },
    {
      path: 'users',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/users-page.tsx'),
        (m) => m.UsersPage,
        ['admin', 'admin-users', 'errors'],
      ),
    },
    {
      path: 'tickets',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/tickets-page.tsx'),
        (m) => m.TicketsPage,
        ['admin', 'admin-support', 'errors'],
      ),
    },
    {
      path: 'orders',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/orders-page.tsx'),
        (m) => m.OrdersPage,
        ['admin', 'admin-billing', 'errors'],
      ),
    },
    {
      path: 'codes',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/codes-page.tsx'),
        (m) => m.CodesPage,
        ['admin', 'admin-billing', 'errors'],
      ),
    },
    {
      path: 'catalogue',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/catalogue-page.tsx'),
        (m) => m.CataloguePage,
        ['admin', 'admin-billing', 'errors'],
      ),
    },
    {
      path: 'content',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/content-page.tsx'),
        (m) => m.ContentPage,
        ['admin', 'admin-content', 'errors'],
      ),
    },
    {
      path: 'engines',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/engines-page.tsx'),
        (m) => m.EnginesPage,
        ['admin', 'admin-engines', 'errors'],
      ),
    },
    {
      path: 'operators',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/operators-page.tsx'),
        (m) => m.OperatorsPage,
        ['admin', 'errors'],
      ),
    },
    {
      path: 'security',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/security-page.tsx'),
        (m) => m.SecurityPage,
        ['admin', 'errors'],
      ),
    },
    {
      path: 'audit',
      handle: h({ title: 'routes.admin' }),
      lazy: page(
        () => import('../features/admin/pages/audit-page.tsx'),
        (m) => m.AuditPage,
        ['admin', 'errors'],
      ),
    },
  ],
};
