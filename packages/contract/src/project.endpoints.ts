import { endpoints } from './route.ts';

/** Projects: views, versions, members, comments and review links (all need a session). */
export const projectEndpoints = endpoints({
  projects: { method: 'GET', path: '/project/list', auth: true, mutates: false },
  project: { method: 'GET', path: '/project/get', auth: true, mutates: false },
  projectCreate: { method: 'POST', path: '/project/create', auth: true, mutates: true },
  projectUpdate: { method: 'POST', path: '/project/update', auth: true, mutates: true },
  projectDelete: { method: 'POST', path: '/project/delete', auth: true, mutates: true },
  projectFromFolder: { method: 'POST', path: '/project/from-folder', auth: true, mutates: true },
  projectLeave: { method: 'POST', path: '/project/leave', auth: true, mutates: true },
  viewCreate: { method: 'POST', path: '/project/view/create', auth: true, mutates: true },
  viewUpdate: { method: 'POST', path: '/project/view/update', auth: true, mutates: true },
  viewDelete: { method: 'POST', path: '/project/view/delete', auth: true, mutates: true },
  versions: { method: 'GET', path: '/project/version/list', auth: true, mutates: false },
  versionAdd: { method: 'POST', path: '/project/version/add', auth: true, mutates: true },
  versionCurrent: { method: 'POST', path: '/project/version/current', auth: true, mutates: true },
  versionStar: { method: 'POST', path: '/project/version/star', auth: true, mutates: true },
  versionRemove: { method: 'POST', path: '/project/version/remove', auth: true, mutates: true },
  styleSet: { method: 'POST', path: '/project/style', auth: true, mutates: true },
  members: { method: 'GET', path: '/project/member/list', auth: true, mutates: false },
  memberAdd: { method: 'POST', path: '/project/member/add', auth: true, mutates: true },
  memberRole: { method: 'POST', path: '/project/member/role', auth: true, mutates: true },
  memberRemove: { method: 'POST', path: '/project/member/remove', auth: true, mutates: true },
  comments: { method: 'GET', path: '/project/comment/list', auth: true, mutates: false },
  commentCreate: { method: 'POST', path: '/project/comment/create', auth: true, mutates: true },
  commentResolve: { method: 'POST', path: '/project/comment/resolve', auth: true, mutates: true },
  commentDelete: { method: 'POST', path: '/project/comment/delete', auth: true, mutates: true },
  reviewLinks: { method: 'GET', path: '/project/review-link/list', auth: true, mutates: false },
  reviewLinkCreate: { method: 'POST', path: '/project/review-link/create', auth: true, mutates: true },
  reviewLinkRevoke: { method: 'POST', path: '/project/review-link/revoke', auth: true, mutates: true },
});

/**
 * A review link's visitor (no account): the token travels in the body, never in a URL the server
 * logs; the page's own address carries it after `#`, which browsers do not send.
 */
export const reviewEndpoints = endpoints({
  reviewOpen: { method: 'POST', path: '/review/open', auth: false, mutates: true },
  reviewComment: { method: 'POST', path: '/review/comment', auth: false, mutates: true },
});

/** The studio's drafts kept on the server per user, project and page. */
export const draftEndpoints = endpoints({
  draft: { method: 'GET', path: '/design/draft/get', auth: true, mutates: false },
  draftSave: { method: 'POST', path: '/design/draft/save', auth: true, mutates: true },
  draftClear: { method: 'POST', path: '/design/draft/clear', auth: true, mutates: true },
});
