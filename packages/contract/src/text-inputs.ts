import type { z } from 'zod';
import type { RouteDef } from './route.ts';

/** A string a caller sends: where it sits in a route's query or body, and the schema that checks it. */
export interface TextInput {
  /** Property names and `0` for an array's items, `*` for a record's values. */
  path: (string | number)[];
  schema: z.ZodType;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that check what they wrap: the value goes through to the inner schema. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Whether a schema takes a string at its core (through optional, default, pipe and the like). */
function takesString(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'string') return true;
  if (WRAPPERS.has(def.type)) return takesString(def.innerType!);
  if (def.type === 'pipe') return takesString(def.in!);
  return false;
}

/** Every string input of a schema, with its path: the fields that must refuse text that cannot be stored. */
export function textInputs(schema: z.ZodType, path: (string | number)[] = []): TextInput[] {
  if (takesString(schema)) return [{ path, schema }];
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return textInputs(def.innerType!, path);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, value]) => textInputs(value, [...path, key]));
    case 'array':
      return textInputs(def.element!, [...path, 0]);
    case 'pipe':
      return textInputs(def.in!, path);
    case 'union':
      return def.options!.flatMap((option) => textInputs(option, path));
    case 'intersection':
      return [...textInputs(def.left!, path), ...textInputs(def.right!, path)];
    case 'record':
      return textInputs(def.valueType!, [...path, '*']);
    default:
      return [];
  }
}

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RouteDef).method === 'string' &&
  typeof (value as RouteDef).path === 'string' &&
  'response' in value;

/** The route descriptors among a module's exports (e.g. `import * as contract`), by name. */
export function routesIn(exports: Record<string, unknown>): [string, RouteDef][] {
  return Object.entries(exports).flatMap(([group, value]) =>
    value && typeof value === 'object' && !isRoute(value)
      ? Object.entries(value as Record<string, unknown>)
          .filter((entry): entry is [string, RouteDef] => isRoute(entry[1]))
          .map(([name, route]): [string, RouteDef] => [`${group}.${name}`, route])
      : [],
  );
}
