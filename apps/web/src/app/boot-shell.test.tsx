import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BootShell } from './boot-shell.tsx';

/** A node without the whitespace between tags, which neither the browser nor React draws. */
function trimmed(node: Node) {
  const copy = node.cloneNode(true);
  const walk = (n: Node) => {
    for (const child of [...n.childNodes]) {
      if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim()) child.remove();
      else walk(child);
    }
  };
  walk(copy);
  return copy;
}

describe('the first paint', () => {
  it('is the same in index.html as in the component the router shows until the first page is ready', () => {
    const html = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const fromHtml = page.getElementById('root')!;
    const fromReact = document.createElement('div');
    fromReact.id = 'root';
    fromReact.innerHTML = renderToStaticMarkup(<BootShell />);
    expect(fromHtml.querySelectorAll('svg')).toHaveLength(3);
    expect(trimmed(fromHtml).isEqualNode(trimmed(fromReact))).toBe(true);
  });
});
