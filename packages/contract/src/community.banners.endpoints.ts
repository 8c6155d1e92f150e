import { adminEndpoints } from './admin.roles.ts';

/** The console's content calls: community banners and the pictures of style and material presets. */
export const contentAdminEndpoints = adminEndpoints({
  banners: { method: 'GET', path: '/admin/content/banners', auth: false, mutates: false, roles: ['moderator'] },
  bannerCreate: {
    method: 'POST',
    path: '/admin/content/banner/create',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  bannerUpdate: {
    method: 'POST',
    path: '/admin/content/banner/update',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  bannerImage: {
    method: 'POST',
    path: '/admin/content/banner/image',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  bannerReorder: {
    method: 'POST',
    path: '/admin/content/banner/reorder',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  bannerDelete: {
    method: 'POST',
    path: '/admin/content/banner/delete',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  presets: { method: 'GET', path: '/admin/content/presets', auth: false, mutates: false, roles: ['moderator'] },
  presetReplace: {
    method: 'POST',
    path: '/admin/content/preset/replace',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
  presetRestore: {
    method: 'POST',
    path: '/admin/content/preset/restore',
    auth: false,
    mutates: true,
    roles: ['moderator'],
  },
});
