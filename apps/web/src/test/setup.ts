import '@testing-library/jest-dom/vitest';
import fs from 'node:fs';
import path from 'node:path';
import { initI18n, loadNamespaces } from '../shared/i18n/i18n.ts';

// The app loads feature namespaces with their pages; components under test get them all up front.
const namespaces = fs
  .readdirSync(path.resolve(import.meta.dirname, '../locales/en'))
  .map((f) => f.replace(/\.json$/, ''));
initI18n('en');
await loadNamespaces([...namespaces, 'errors']);
