import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const antdPackage = require.resolve('antd/package.json');
/** Ant Design's ES modules, wherever npm placed the package. */
export const ANTD_ES_DIR = path.join(path.dirname(antdPackage), 'es');
const antdVersion = (JSON.parse(fs.readFileSync(antdPackage, 'utf8')) as { version: string }).version;
const WEB_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * One of Ant Design's own imports sent to a file of ours in the build: `source`, as the files
 * `importers` write it, resolves to `shim`. Development and tests keep Ant Design's.
 */
export interface AntdRedirect {
  /** Names the redirect in the build's messages. */
  name: string;
  /** The import specifier exactly as Ant Design's files write it, e.g. '../modal/useModal'. */
  source: string;
  /** The files under antd/es whose import of `source` is redirected; each must still make it. */
  importers: string[];
  /** The stand-in, relative to apps/web. */
  shim: string;
}

/** Where a redirect stopped applying: nothing to do when both lists are empty. */
export interface RedirectMisses {
  /** Importers that are no longer files of Ant Design's. */
  gone: string[];
  /** Importers of the build that never imported `source` (or that the build never loaded). */
  unseen: string[];
}

/** A build's message for a redirect that stopped applying, naming it and what it expected. */
export function redirectMessage(redirect: AntdRedirect, misses: RedirectMisses): string {
  const files = (list: string[]) => list.map((f) => `antd/es/${f}`).join(', ');
  const lines = [`Ant Design redirect "${redirect.name}" no longer applies (antd ${antdVersion}).`];
  if (misses.gone.length) lines.push(`  Not found: ${files(misses.gone)}.`);
  if (misses.unseen.length)
    lines.push(`  Expected ${files(misses.unseen)} to import '${redirect.source}'; the build saw no such import.`);
  lines.push(
    `  Ant Design may have moved or renamed these files: see what they import now and update the redirect in` +
      ` build/antd-redirects.ts (or remove it if the app no longer loads them). Without it the build would` +
      ` quietly ship what ${redirect.shim} stands in for.`,
  );
  return lines.join('\n');
}

/**
 * The build plugin of a redirect. It counts the imports it redirects, per importer, and fails the
 * build when an importer is missing from Ant Design or never imported `source`: when Ant Design
 * moves a file a redirect by path silently stops applying, and first loads grow without a word.
 */
export function redirectAntdImport(redirect: AntdRedirect, antdDir = ANTD_ES_DIR): Plugin {
  const target = path.join(WEB_ROOT, redirect.shim);
  const seen = new Set<string>();
  /** The importer (relative to antd/es) that `from` is, if it is one of this redirect's. */
  const importerOf = (from: string) => {
    const file = from.split('?')[0]!.split(path.sep).join('/');
    const dir = antdDir.split(path.sep).join('/');
    return redirect.importers.find((i) => file === `${dir}/${i}`);
  };
  return {
    name: redirect.name,
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      seen.clear();
      const gone = redirect.importers.filter((i) => !fs.existsSync(path.join(antdDir, i)));
      if (gone.length) this.error(redirectMessage(redirect, { gone, unseen: [] }));
    },
    resolveId(id, from) {
      const importer = id === redirect.source && from ? importerOf(from) : undefined;
      if (!importer) return null;
      seen.add(importer);
      return target;
    },
    buildEnd(error) {
      // A build that failed already says why; the redirects it did not reach are not the news.
      if (error) return;
      const unseen = redirect.importers.filter((i) => !seen.has(i));
      if (unseen.length) this.error(redirectMessage(redirect, { gone: [], unseen }));
    },
  };
}

/**
 * What first loads no longer carry: Ant Design modules pull in code for features the app does not use
 * (or not on the first page), and the build gives the importing modules a smaller stand-in.
 */
export const ANTD_REDIRECTS: AntdRedirect[] = [
  // App (themed message, notification and modal for `App.useApp()`) imports the modal hook, and with it
  // the dialog, button loading skeleton and motion code. The stand-in has the same API and fetches the
  // real hook when a page first opens a modal.
  {
    name: 'lazy-app-modal',
    source: '../modal/useModal',
    importers: ['app/App.js'],
    shim: 'src/app/lazy-use-modal.tsx',
  },
  // Button and tag styles import one small function (is a colour bright?) from the colour picker's
  // presets panel, and with it Collapse and its styles, which only the support page's FAQ shows.
  {
    name: 'brightness-without-color-presets',
    source: '../../color-picker/components/ColorPresets',
    importers: ['button/style/token.js', 'tag/style/index.js'],
    shim: 'src/app/antd-is-bright.ts',
  },
  // ConfigProvider imports the shared-tooltip provider (and the popup-positioning code) though it renders
  // it only for `tooltip={{ unique: true }}`, which the app does not set; the stand-in fetches the real one
  // if it is ever rendered.
  {
    name: 'lazy-tooltip-unique',
    source: '../tooltip/UniqueProvider',
    importers: ['config-provider/index.js'],
    shim: 'src/app/lazy-tooltip-unique.tsx',
  },
  // Form labels and the segmented control import Tooltip for their optional `tooltip` props, which the
  // app does not use: the largest part of the login page's own code came with it. The stand-in fetches
  // Tooltip if one is ever shown.
  {
    name: 'lazy-optional-tooltips',
    source: '../tooltip',
    importers: ['form/FormItemLabel.js', 'segmented/index.js'],
    shim: 'src/app/lazy-tooltip.tsx',
  },
];
