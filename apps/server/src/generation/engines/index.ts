import type { z } from 'zod';
import type { ListedEngine } from '../engine-descriptor.ts';
import { comfyui } from './comfyui/descriptor.ts';
import { flux } from './flux/descriptor.ts';
import { openai } from './openai/descriptor.ts';
import { preview } from './preview/descriptor.ts';
import { stability } from './stability/descriptor.ts';
import { wan } from './wan/descriptor.ts';

/**
 * Every engine this server knows, one line each: the configuration, the registry, routing, the
 * models endpoint, readiness and the operator's engines list all read this list, so an engine is
 * added by its folder (with its `descriptor.ts`) and a line here. The contract does not list them:
 * it types an engine's name as a string, and the configuration refuses a name missing here.
 */
export const ENGINES = [preview, comfyui, openai, stability, flux, wan] as const;

/** A list of engines as the registry, the settings and the configuration take it (tests give their own). */
export type EngineList = readonly ListedEngine[];

/** The names of the engines this server knows, as settings and tasks spell them. */
export type KnownEngineName = (typeof ENGINES)[number]['name'];
export const ENGINE_NAMES: readonly KnownEngineName[] = ENGINES.map((e) => e.name);

/** The embedded engine: the default GENERATION_ENGINE, and the built-in upscaler for every other engine. */
export const BUILT_IN_ENGINE: KnownEngineName = preview.name;

/** The engine of that name in the list, or undefined for a name it does not have. */
export function findEngine(name: string, engines: EngineList = ENGINES): ListedEngine | undefined {
  return engines.find((e) => e.name === name);
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every variable of the product's engines with its schema, as one shape (their union of fields). */
export type EngineSettingsShape = UnionToIntersection<(typeof ENGINES)[number]['settings']['shape']>;

/**
 * The engines' own variables as one shape for the configuration's schema. Two engines may not
 * share a name, nor declare the same variable: each reads its own, and a shared one belongs to the
 * configuration.
 * Typed as the product's engines' variables; a list given in a test adds its own at run time.
 */
export function engineSettingsShape(engines: EngineList = ENGINES): EngineSettingsShape {
  const shape: Record<string, z.ZodType> = {};
  for (const engine of engines) {
    if (findEngine(engine.name, engines) !== engine) throw new Error(`two engines are named ${engine.name}`);
    for (const [variable, schema] of Object.entries(engine.settings.shape)) {
      const owner = engines.find((other) => other !== engine && Object.hasOwn(other.settings.shape, variable));
      if (owner) throw new Error(`${variable} is declared by both the ${owner.name} and the ${engine.name} engines`);
      shape[variable] = schema;
    }
  }
  return shape as EngineSettingsShape;
}
