import { endpoints } from './route.ts';

export const uploadEndpoints = endpoints({
  image: { method: 'POST', path: '/upload/image', auth: true, mutates: true },
});
