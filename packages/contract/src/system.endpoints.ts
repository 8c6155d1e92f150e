import { endpoints } from './route.ts';

export const systemEndpoints = endpoints({
  health: { method: 'GET', path: '/health', auth: false, mutates: false },
  live: { method: 'GET', path: '/health/live', auth: false, mutates: false },
  ready: { method: 'GET', path: '/health/ready', auth: false, mutates: false },
  clientConfig: { method: 'GET', path: '/config', auth: false, mutates: false },
});

/** The operator's view of the process and its generation fleet (admin token). */
export const systemAdminEndpoints = endpoints({
  engines: { method: 'GET', path: '/admin/engines', auth: false, mutates: false },
});
