import { endpoints } from './route.ts';

/** The signed-in user's API keys and webhook endpoints (profile → API keys, Webhooks). */
export const developerEndpoints = endpoints({
  apiKeys: { method: 'GET', path: '/user/api-keys', auth: true, mutates: false },
  apiKeyCreate: { method: 'POST', path: '/user/api-keys', auth: true, mutates: true },
  apiKeyRevoke: { method: 'POST', path: '/user/api-keys/revoke', auth: true, mutates: true },
  webhooks: { method: 'GET', path: '/user/webhooks', auth: true, mutates: false },
  webhookCreate: { method: 'POST', path: '/user/webhooks', auth: true, mutates: true },
  webhookUpdate: { method: 'POST', path: '/user/webhooks/update', auth: true, mutates: true },
  webhookDelete: { method: 'POST', path: '/user/webhooks/delete', auth: true, mutates: true },
  webhookRotate: { method: 'POST', path: '/user/webhooks/rotate', auth: true, mutates: true },
  webhookDeliveries: { method: 'GET', path: '/user/webhooks/deliveries', auth: true, mutates: false },
  webhookRedeliver: { method: 'POST', path: '/user/webhooks/redeliver', auth: true, mutates: true },
});

/** Where the public API lives (under /turing): its own versioned, key-authenticated routes. */
export const API_V1_PREFIX = '/v1';
