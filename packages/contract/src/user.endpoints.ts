import { endpoints } from './route.ts';

export const userEndpoints = endpoints({
  info: { method: 'GET', path: '/user/info', auth: true, mutates: false },
  logout: { method: 'POST', path: '/user/logout', auth: false, mutates: true },
});
