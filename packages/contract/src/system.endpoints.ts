import { endpoints } from './route.ts';

export const systemEndpoints = endpoints({
  health: { method: 'GET', path: '/health', auth: false, mutates: false },
  live: { method: 'GET', path: '/health/live', auth: false, mutates: false },
  ready: { method: 'GET', path: '/health/ready', auth: false, mutates: false },
  clientConfig: { method: 'GET', path: '/config', auth: false, mutates: false },
});
