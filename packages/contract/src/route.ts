import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where a call goes and what it needs, without its schemas: the web imports these values
 * (keeping zod out of its first bundle); the type system finds the call's route, schemas and
 * all, by the endpoint's method and path (see RouteOf in api.ts).
 * `mutates` marks calls that change state and so need the app header, even when they are GETs.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  auth: boolean;
  mutates: boolean;
}

/** One API call: its endpoint, input schemas and the schema of `data`. */
export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> extends Endpoint {
  query?: Q;
  body?: B;
  response: R;
  summary: string;
}

/** Keeps the exact shape of a definition, so callers know which inputs a route takes. */
export function route<const D extends RouteDef>(def: D): D {
  return def;
}

/** Keeps each endpoint's method and path as literal types: they are what ties it to its route. */
export const endpoints = <const T extends Record<string, Endpoint>>(defs: T): T => defs;

export type RouteQuery<D> = D extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type RouteBody<D> = D extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type RouteData<D> = D extends { response: infer R extends z.ZodType } ? z.output<R> : never;
/** What the server handler receives after validation. */
export type RouteQueryOutput<D> = D extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
export type RouteBodyOutput<D> = D extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
