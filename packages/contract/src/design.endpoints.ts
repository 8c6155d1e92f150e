import { endpoints } from './route.ts';

export const designEndpoints = endpoints({
  submit: { method: 'POST', path: '/design/task/submit', auth: true, mutates: true },
  get: { method: 'GET', path: '/design/task/get', auth: true, mutates: false },
  list: { method: 'GET', path: '/design/task/list', auth: true, mutates: false },
  cancel: { method: 'POST', path: '/design/task/cancel', auth: true, mutates: true },
  cost: { method: 'POST', path: '/design/cost', auth: true, mutates: false },
  tags: { method: 'GET', path: '/design/tags', auth: false, mutates: false },
  models: { method: 'GET', path: '/design/models', auth: false, mutates: false },
  wordPackages: { method: 'GET', path: '/design/wordPackage/list', auth: true, mutates: false },
  wordPackageCreate: { method: 'POST', path: '/design/wordPackage/create', auth: true, mutates: true },
  wordPackageUpdate: { method: 'POST', path: '/design/wordPackage/update', auth: true, mutates: true },
  wordPackageDelete: { method: 'POST', path: '/design/wordPackage/delete', auth: true, mutates: true },
  lineArt: { method: 'POST', path: '/design/lineArt', auth: true, mutates: true },
  improvePrompt: { method: 'POST', path: '/design/prompt/improve', auth: true, mutates: true },
  balance: { method: 'GET', path: '/design/balance', auth: true, mutates: false },
});

/** Server-Sent Events of the user's tasks (one stream per user; Last-Event-ID resumes). */
export const DESIGN_EVENTS_PATH = '/design/events';
