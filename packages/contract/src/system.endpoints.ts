import { endpoints } from './route.ts';

export const systemEndpoints = endpoints({
  health: { method: 'GET', path: '/health', auth: false, mutates: false },
  clientConfig: { method: 'GET', path: '/config', auth: false, mutates: false },
});
