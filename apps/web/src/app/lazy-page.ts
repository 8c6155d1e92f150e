import type { ComponentType } from 'react';
import { loadNamespaces } from '../shared/i18n/i18n.ts';
import type { RouteHandle } from './route-handle.ts';

export const h = (handle: RouteHandle) => handle;

/** A lazily loaded page together with the locale namespaces it reads. */
export function page<T>(load: () => Promise<T>, pick: (m: T) => ComponentType, namespaces: string[] = []) {
  return async () => {
    const [mod] = await Promise.all([load(), namespaces.length ? loadNamespaces(namespaces) : null]);
    return { Component: pick(mod) };
  };
}
