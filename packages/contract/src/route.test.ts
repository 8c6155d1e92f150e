import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';
import type { Endpoint } from './route.ts';

// A call finds its route by method and path (RouteOf): each pair must belong to exactly one route.
const exports = contract as unknown as Record<string, unknown>;
const key = (e: Endpoint) => `${e.method} ${e.path}`;
// The web app's routes (the public API's, under /v1, have no endpoints: programs call them by path).
const routes = contract.routesIn(exports).filter(([, route]) => typeof route.auth === 'boolean');
const endpoints = Object.entries(exports).flatMap(([group, value]) =>
  value && typeof value === 'object' && group.endsWith('Endpoints')
    ? Object.entries(value as Record<string, Endpoint>).map(([name, e]) => ({ at: `${group}.${name}`, e }))
    : [],
);

describe('routes and endpoints', () => {
  it('give every method and path one route', () => {
    const names = new Map<string, string[]>();
    for (const [name, route] of routes) names.set(key(route), [...(names.get(key(route)) ?? []), name]);
    expect([...names.values()].filter((n) => n.length > 1)).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('give every endpoint a route with its method, path and flags', () => {
    const byKey = new Map(routes.map(([, route]) => [key(route), route]));
    const unrouted = endpoints.filter(({ e }) => {
      const route = byKey.get(key(e));
      return !route || route.auth !== e.auth || route.mutates !== e.mutates;
    });
    expect(unrouted.map(({ at, e }) => `${at}: ${key(e)}`)).toEqual([]);
    expect(endpoints.length).toBe(routes.length);
  });
});
