import { endpoints } from './route.ts';

export const authEndpoints = endpoints({
  verCode: { method: 'POST', path: '/unauthorized/verCode', auth: false, mutates: true },
  register: { method: 'POST', path: '/unauthorized/reg', auth: false, mutates: true },
  login: { method: 'POST', path: '/unauthorized/login', auth: false, mutates: true },
  reset: { method: 'POST', path: '/unauthorized/reset', auth: false, mutates: true },
  googleInfo: { method: 'GET', path: '/unauthorized/google/info', auth: false, mutates: false },
  wechatInfo: { method: 'GET', path: '/unauthorized/wechat/info', auth: false, mutates: false },
});
