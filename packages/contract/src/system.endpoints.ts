import { adminEndpoints } from './admin.roles.ts';
import { endpoints } from './route.ts';

export const systemEndpoints = endpoints({
  health: { method: 'GET', path: '/health', auth: false, mutates: false },
  live: { method: 'GET', path: '/health/live', auth: false, mutates: false },
  ready: { method: 'GET', path: '/health/ready', auth: false, mutates: false },
  clientConfig: { method: 'GET', path: '/config', auth: false, mutates: false },
});

/**
 * Black Forest Labs calls this when a FLUX job ends (raw body signed with BFL_WEBHOOK_SECRET, no
 * session, no app header); it only wakes the poll that waits for the job.
 */
export const BFL_WEBHOOK_PATH = '/hooks/bfl';

/** The operator's view of the process and its generation fleet, and taking a server out of rotation. */
export const systemAdminEndpoints = adminEndpoints({
  engines: { method: 'GET', path: '/admin/engines', auth: false, mutates: false, roles: ['owner'] },
  drain: { method: 'POST', path: '/admin/engines/drain', auth: false, mutates: true, roles: ['owner'] },
  resume: { method: 'POST', path: '/admin/engines/resume', auth: false, mutates: true, roles: ['owner'] },
});
