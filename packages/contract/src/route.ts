import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where a call goes and what it needs, without its schemas: the web imports these values
 * (keeping zod out of its first bundle) and takes the types from the matching RouteDef.
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

export function route<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
  def: RouteDef<Q, B, R>,
): RouteDef<Q, B, R> {
  return def;
}

export const endpoints = <T extends Record<string, Endpoint>>(defs: T): T => defs;

export type RouteQuery<D> =
  D extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type RouteBody<D> =
  D extends RouteDef<z.ZodType | undefined, infer B, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type RouteData<D> =
  D extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;
