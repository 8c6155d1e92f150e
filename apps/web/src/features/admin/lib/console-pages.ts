import { ANY_OPERATOR, type OperatorRole } from '@turing/contract';

/**
 * The console's pages, in menu order, with the roles that may open them (owners open every page).
 * They match the roles of the admin calls each page makes.
 */
export const CONSOLE_PAGES = [
  { key: 'dashboard', roles: ['finance'] },
  { key: 'moderation', roles: ['moderator'] },
  { key: 'users', roles: ['finance', 'moderator', 'support'] },
  { key: 'tickets', roles: ['support'] },
  { key: 'orders', roles: ['finance'] },
  { key: 'codes', roles: ['finance'] },
  { key: 'catalogue', roles: ['finance'] },
  { key: 'content', roles: ['moderator'] },
  { key: 'engines', roles: ['owner'] },
  { key: 'operators', roles: ['owner'] },
  { key: 'audit', roles: ANY_OPERATOR },
] as const satisfies readonly { key: string; roles: readonly OperatorRole[] }[];

export type ConsolePageKey = (typeof CONSOLE_PAGES)[number]['key'];

export const consolePath = (key: ConsolePageKey) => `/admin/${key}`;
