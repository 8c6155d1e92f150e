/** Every route of the app (spec section 2). */
export const PATHS = {
  root: '/',
  home: '/home',
  login: '/login',
  user: '/user',
  profile: '/user/profile',
  product: '/user/product',
  support: '/user/support',
  apiKeys: '/user/api-keys',
  webhooks: '/user/webhooks',
  workspace: '/workspace',
  /** One project: its views, versions, members, comments and review links. */
  project: '/project/:id',
  /** A project shown through a review link to someone without an account (the token after `#`). */
  review: '/review/:token',
  design: '/design',
  textGenerate: '/design/text-generate',
  iterationRendering: '/design/iteration-rendering',
  stepEditing: '/design/step-editing',
  community: '/community',
  detail: '/detail/:id',
  own: '/own',
  redirect: '/redirect',
  /** The public API's reference (routes, examples), readable before signing in. */
  developers: '/developers',
  /** The operator console (its pages: features/admin/lib/console-pages.ts). */
  admin: '/admin',
} as const;

/**
 * The login page, bringing the user back to `back` (a path inside the app, with its query) once
 * logged in. The login page itself and the root are not worth coming back to.
 */
export const loginPath = (back?: string) =>
  back && back !== PATHS.root && !back.startsWith(PATHS.login)
    ? `${PATHS.login}?redirect=${encodeURIComponent(back)}`
    : PATHS.login;

export const projectPath = (id: string) => `/project/${encodeURIComponent(id)}`;
export const reviewPath = (token: string) => `/review/${encodeURIComponent(token)}`;
export const detailPath = (id: string) => `/detail/${encodeURIComponent(id)}`;
export const collectionPath = `${PATHS.own}?selectedCollection=true`;
