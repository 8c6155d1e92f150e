import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { ANTD_ES_DIR, ANTD_REDIRECTS, redirectAntdImport, type AntdRedirect } from '../../build/antd-redirects.ts';

/** Runs one of a plugin's hooks the way the bundler does, with `this.error` throwing as its does. */
function hook(plugin: Plugin, name: 'buildStart' | 'resolveId' | 'buildEnd', ...args: unknown[]) {
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return (plugin[name] as (...a: unknown[]) => unknown).call(context, ...args);
}

const fromAntd = (file: string) => path.join(ANTD_ES_DIR, file);

describe('the build’s redirects of Ant Design imports', () => {
  it.each(ANTD_REDIRECTS.map((r) => [r.name, r] as const))(
    '%s: the installed Ant Design still makes the import, and the stand-in exists',
    (_, redirect) => {
      for (const importer of redirect.importers) {
        const code = fs.readFileSync(fromAntd(importer), 'utf8');
        expect(code, `antd/es/${importer}`).toContain(`from '${redirect.source}'`);
      }
      expect(fs.existsSync(path.resolve(import.meta.dirname, '../..', redirect.shim))).toBe(true);
    },
  );

  const redirect: AntdRedirect = {
    name: 'lazy-optional-tooltips',
    source: '../tooltip',
    importers: ['form/FormItemLabel.js', 'segmented/index.js'],
    shim: 'src/app/lazy-tooltip.tsx',
  };

  it('sends only the named files’ import to the stand-in, and passes once each was seen', () => {
    const plugin = redirectAntdImport(redirect);
    hook(plugin, 'buildStart');
    expect(hook(plugin, 'resolveId', '../tooltip', fromAntd('form/FormItemLabel.js'))).toMatch(
      /src[\\/]app[\\/]lazy-tooltip\.tsx$/,
    );
    // Another file's import of the same path, and another path, are left alone.
    expect(hook(plugin, 'resolveId', '../tooltip', fromAntd('popover/index.js'))).toBeNull();
    expect(hook(plugin, 'resolveId', '../tooltip/index', fromAntd('segmented/index.js'))).toBeNull();
    expect(hook(plugin, 'resolveId', '../tooltip', fromAntd('segmented/index.js'))).not.toBeNull();
    expect(() => hook(plugin, 'buildEnd')).not.toThrow();
  });

  it('fails the build, naming the redirect and the import it expected, when an importer never made it', () => {
    const plugin = redirectAntdImport(redirect);
    hook(plugin, 'buildStart');
    hook(plugin, 'resolveId', '../tooltip', fromAntd('form/FormItemLabel.js'));
    expect(() => hook(plugin, 'buildEnd')).toThrow(
      /redirect "lazy-optional-tooltips" no longer applies[\s\S]*Expected antd\/es\/segmented\/index\.js to import '\.\.\/tooltip'/,
    );
    // A build that failed for another reason keeps its own message.
    expect(() => hook(plugin, 'buildEnd', new Error('syntax error'))).not.toThrow();
  });

  it('fails the build at its start when an importer is no longer a file of Ant Design’s', () => {
    const plugin = redirectAntdImport({ ...redirect, importers: ['form/FormItemLabel.js', 'segmented/moved.js'] });
    expect(() => hook(plugin, 'buildStart')).toThrow(
      /"lazy-optional-tooltips"[\s\S]*Not found: antd\/es\/segmented\/moved\.js/,
    );
  });

  it('counts each build on its own: a second build must see the imports again', () => {
    const plugin = redirectAntdImport(redirect);
    hook(plugin, 'buildStart');
    for (const importer of redirect.importers) hook(plugin, 'resolveId', '../tooltip', fromAntd(importer));
    hook(plugin, 'buildEnd');
    hook(plugin, 'buildStart');
    expect(() => hook(plugin, 'buildEnd')).toThrow(/no longer applies/);
  });
});
