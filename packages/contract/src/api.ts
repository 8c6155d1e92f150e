import type { adminDashboardRoutes } from './admin.dashboard.ts';
import type { adminConsoleRoutes } from './admin.ts';
import type { adminUsersRoutes } from './admin.users.ts';
import type { authRoutes } from './auth.ts';
import type { billingAdminRoutes } from './billing.admin.ts';
import type { billingRoutes } from './billing.ts';
import type { communityAdminRoutes } from './community.admin.ts';
import type { contentAdminRoutes } from './community.banners.ts';
import type { creatorRoutes } from './community.creators.ts';
import type { communityRoutes } from './community.ts';
import type { designRoutes } from './design.ts';
import type { developerRoutes } from './developer.ts';
import type { draftRoutes } from './drafts.ts';
import type { projectRoutes } from './project.routes.ts';
import type { reviewRoutes } from './review.ts';
import type { Endpoint, RouteBody, RouteData, RouteQuery } from './route.ts';
import type { supportAdminRoutes, supportRoutes } from './support.ts';
import type { systemAdminRoutes } from './system.admin.ts';
import type { systemRoutes } from './system.ts';
import type { uploadRoutes } from './upload.ts';
import type { userRoutes } from './user.ts';
import type { workspaceRoutes } from './workspace.ts';

type RoutesIn<Group> = Group[keyof Group];

/**
 * Every route of the API, each one object: method, path, input schemas and response schema. Types
 * only, so a client that imports this brings in no schema code.
 */
export type ApiRoute =
  | RoutesIn<typeof adminConsoleRoutes>
  | RoutesIn<typeof adminDashboardRoutes>
  | RoutesIn<typeof adminUsersRoutes>
  | RoutesIn<typeof contentAdminRoutes>
  | RoutesIn<typeof authRoutes>
  | RoutesIn<typeof billingAdminRoutes>
  | RoutesIn<typeof billingRoutes>
  | RoutesIn<typeof communityAdminRoutes>
  | RoutesIn<typeof creatorRoutes>
  | RoutesIn<typeof communityRoutes>
  | RoutesIn<typeof designRoutes>
  | RoutesIn<typeof developerRoutes>
  | RoutesIn<typeof draftRoutes>
  | RoutesIn<typeof projectRoutes>
  | RoutesIn<typeof reviewRoutes>
  | RoutesIn<typeof supportAdminRoutes>
  | RoutesIn<typeof supportRoutes>
  | RoutesIn<typeof systemAdminRoutes>
  | RoutesIn<typeof systemRoutes>
  | RoutesIn<typeof uploadRoutes>
  | RoutesIn<typeof userRoutes>
  | RoutesIn<typeof workspaceRoutes>;

/** An endpoint that has a route: its method and path are those of one ApiRoute. */
export type ApiEndpoint = Endpoint & MethodAndPath<ApiRoute>;
type MethodAndPath<R> = R extends Endpoint ? Pick<R, 'method' | 'path'> : never;

/** The route an endpoint value belongs to, found by its method and path. */
export type RouteOf<E extends Endpoint> = Extract<ApiRoute, { method: E['method']; path: E['path'] }>;

/** What a call of the endpoint sends, as its route's schemas accept it (before validation). */
export type CallQuery<E extends Endpoint> = RouteQuery<RouteOf<E>>;
export type CallBody<E extends Endpoint> = RouteBody<RouteOf<E>>;

/** The `data` a call of the endpoint resolves with. */
export type CallData<E extends Endpoint> = RouteData<RouteOf<E>>;
