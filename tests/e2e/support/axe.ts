import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's checks on the page as it is now. The app is one document without frames, so axe runs
 * in it directly: loaded once per document (an init script, so full navigations get it too), where
 * a builder that injects the library and opens a helper page for every check spent several times
 * the check itself.
 */
export async function installAxe(page: Page) {
  await page.addInitScript(axeSource);
}

const OPTIONS: RunOptions = {
  resultTypes: ['violations'],
  // Experimental in axe, but a real WCAG 2.5.3 check: a visible label must be part of the name.
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

/** One line per failing node of serious or critical impact: rule, help text, element and axe's summary. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await page.evaluate(async (options) => {
    const axe = (window as unknown as { axe?: { run: (ctx: Document, o: RunOptions) => Promise<AxeResults> } }).axe;
    if (!axe) throw new Error('axe-core is not loaded: call installAxe(page) before the first navigation');
    return axe.run(document, options);
  }, OPTIONS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes
        // An open Ant Design select keeps a zero-size listbox for screen readers (the active option
        // and its neighbours, `<id>_list_<n>`), whose text is the option's value and whose name is its
        // label. Nothing of it is visible, so "visible text in the name" does not apply to it.
        .filter((n) => !(v.id === 'label-content-name-mismatch' && /_list_\d+$/.test(String(n.target.at(-1)))))
        .map((n) => `[${v.impact}] ${v.id}: ${v.help}\n    at ${n.target.join(' ')}\n    ${n.failureSummary ?? ''}`),
    );
}
