import { adminEndpoints } from './admin.roles.ts';
import { endpoints } from './route.ts';

export const communityEndpoints = endpoints({
  tags: { method: 'GET', path: '/community/tags', auth: false, mutates: false },
  banners: { method: 'GET', path: '/community/banners', auth: false, mutates: false },
  works: { method: 'GET', path: '/community/work/list', auth: false, mutates: false },
  collected: { method: 'GET', path: '/community/work/collected', auth: false, mutates: false },
  liked: { method: 'GET', path: '/community/work/liked', auth: true, mutates: false },
  derived: { method: 'GET', path: '/community/work/derived', auth: false, mutates: false },
  detail: { method: 'GET', path: '/community/work/detail', auth: false, mutates: false },
  params: { method: 'GET', path: '/community/work/params', auth: true, mutates: false },
  copy: { method: 'POST', path: '/community/work/copy', auth: true, mutates: true },
  publish: { method: 'POST', path: '/community/work/publish', auth: true, mutates: true },
  update: { method: 'POST', path: '/community/work/update', auth: true, mutates: true },
  unpublish: { method: 'POST', path: '/community/work/unpublish', auth: true, mutates: true },
  like: { method: 'POST', path: '/community/work/like', auth: true, mutates: true },
  unlike: { method: 'POST', path: '/community/work/unlike', auth: true, mutates: true },
  collect: { method: 'POST', path: '/community/work/collect', auth: true, mutates: true },
  uncollect: { method: 'POST', path: '/community/work/uncollect', auth: true, mutates: true },
  share: { method: 'POST', path: '/community/work/share', auth: false, mutates: true },
  report: { method: 'POST', path: '/community/work/report', auth: false, mutates: true },
});

/** The spec's user calls for the community (follow is a GET with query params, app header required). */
export const creatorEndpoints = endpoints({
  subscribe: { method: 'GET', path: '/user/subscribe', auth: true, mutates: true },
  unsubscribe: { method: 'GET', path: '/user/unsubscribe', auth: true, mutates: true },
  waterfallBlogger: { method: 'GET', path: '/user/waterfallBlogger', auth: false, mutates: false },
  achievement: { method: 'GET', path: '/user/achievement', auth: false, mutates: false },
  home: { method: 'GET', path: '/user/home', auth: false, mutates: false },
  followers: { method: 'GET', path: '/user/followers', auth: false, mutates: false },
  following: { method: 'GET', path: '/user/following', auth: false, mutates: false },
});

/** The operator's moderation calls (admin token, or a moderator's session). */
export const communityAdminEndpoints = adminEndpoints({
  reports: { method: 'GET', path: '/admin/community/reports', auth: false, mutates: false, roles: ['moderator'] },
  queue: { method: 'GET', path: '/admin/community/queue', auth: false, mutates: false, roles: ['moderator'] },
  hidden: { method: 'GET', path: '/admin/community/hidden', auth: false, mutates: false, roles: ['moderator'] },
  dismissReports: {
    method: 'POST',
    path: '/admin/community/reports/dismiss',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  hideWork: { method: 'POST', path: '/admin/community/work/hide', auth: false, mutates: true, roles: ['moderator'] },
  restoreWork: {
    method: 'POST',
    path: '/admin/community/work/restore',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  suspendUser: {
    method: 'POST',
    path: '/admin/community/user/suspend',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  unsuspendUser: {
    method: 'POST',
    path: '/admin/community/user/unsuspend',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
});
