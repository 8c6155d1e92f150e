import { endpoints } from './route.ts';

export const userEndpoints = endpoints({
  info: { method: 'GET', path: '/user/info', auth: true, mutates: false },
  logout: { method: 'POST', path: '/user/logout', auth: false, mutates: true },
  updateInfo: { method: 'POST', path: '/user/update/info', auth: true, mutates: true },
  changePassword: { method: 'POST', path: '/user/update/password', auth: true, mutates: true },
  bindWechat: { method: 'POST', path: '/user/bind/wechat', auth: true, mutates: true },
  bindContact: { method: 'POST', path: '/user/bind/contact', auth: true, mutates: true },
  guideGet: { method: 'GET', path: '/user/beginnerGuide/get', auth: true, mutates: false },
  guideSet: { method: 'POST', path: '/user/beginnerGuide/set', auth: true, mutates: true },
});
