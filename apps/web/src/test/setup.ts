import '@testing-library/jest-dom/vitest';
import fs from 'node:fs';
import { configure } from '@testing-library/react';
import path from 'node:path';
import { configureHttp, resumeSession } from '../shared/http/client.ts';
import { initI18n, loadNamespaces } from '../shared/i18n/i18n.ts';
import { useLoginStore } from '../shared/session/login-store.ts';
import { useSettingsStore } from '../shared/settings/settings-store.ts';

// A worker keeps its modules from one test file to the next (vitest.config.ts): each file starts
// with the stores as they were first made, not as the previous file left them. Kept per store: a
// file that resets the modules (early-requests.test.ts) leaves later files new stores, whose
// actions must stay their own.
const pristine = ((globalThis as { __pristineStores?: WeakMap<object, unknown> }).__pristineStores ??= new WeakMap());
for (const store of [useLoginStore, useSettingsStore] as {
  getState(): unknown;
  setState(s: unknown, replace: true): void;
}[]) {
  if (!pristine.has(store)) pristine.set(store, store.getState());
  store.setState(pristine.get(store), true);
}
// Nor does a file inherit the session handler another file's query client installed, or a session
// another file's logout ended (calls needing one would not be sent).
configureHttp({ onSessionExpired: () => {} });
resumeSession();

// The app loads feature namespaces with their pages; components under test get them all up front.
const namespaces = fs
  .readdirSync(path.resolve(import.meta.dirname, '../locales/en'))
  .map((f) => f.replace(/\.json$/, ''));
// A loaded CI machine can take longer than the default second for a form to validate or a query to
// settle; a message that never comes still fails the test, only later.
configure({ asyncUtilTimeout: 5_000 });

initI18n('en');
await loadNamespaces([...namespaces, 'errors']);

// Ant Design's grid, dropdowns and forms read breakpoints, which jsdom does not provide.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Dropdown menus measure their overflow with ResizeObserver, also missing from jsdom.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
