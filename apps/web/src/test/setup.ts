import '@testing-library/jest-dom/vitest';
import fs from 'node:fs';
import { configure } from '@testing-library/react';
import path from 'node:path';
import { initI18n, loadNamespaces } from '../shared/i18n/i18n.ts';

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
