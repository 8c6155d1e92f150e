import { endpoints } from './route.ts';

export const uploadEndpoints = endpoints({
  image: { method: 'POST', path: '/upload/image', auth: true, mutates: true },
  images: { method: 'POST', path: '/upload/images', auth: true, mutates: false },
});
