/**
 * Ant Design's styles for the pages a first visit lands on, made at build time.
 *
 * Ant Design writes its component styles in the browser: on the first render of each component it
 * builds the style object, serialises it (stylis), hashes it and inserts a <style> element. On the
 * login page that is about 180 KB of CSS, made on the main thread between the first paint and the
 * form being usable (most of its blocking time on a phone). Its style engine can instead take the
 * styles from a stylesheet: a rule on `.data-ant-cssinjs-cache-path` lists the style paths the sheet
 * holds, and a component whose path is listed makes and inserts nothing.
 *
 * Here each landing page's components are rendered once on the server side (react-dom/server) with
 * the app's theme, and the styles they registered are extracted as one plain stylesheet with that
 * list. The styles do not depend on the theme's colours (those are CSS variables, still set in the
 * browser), so one sheet serves the light and the dark theme. A component a page shows that is not
 * rendered here is simply styled in the browser as before.
 *
 * Plain TypeScript (no JSX), loaded by Node from vite.config.ts at build time only.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { App, Button, Checkbox, ConfigProvider, Form, Input, Segmented, Select, Spin, Typography } from 'antd';
import { themeConfig } from '../src/app/theme.ts';

/** What every page renders: the app frame (main.tsx's providers) and the header's buttons. */
const frame = (): ReactNode[] => [
  h(Button, { key: 'b1', type: 'primary' }, 'b'),
  h(Button, { key: 'b2', type: 'text', loading: true }, 'b'),
];

/**
 * The components each landing page shows on arrival (the sign-in form; the gallery's filters and
 * its loading state), no more: every rule here is parsed on the phone whether it is used or not.
 */
const PAGES: Record<string, () => ReactNode[]> = {
  '/login': () => [
    h(Segmented, { key: 'seg', options: ['a', 'b'] }),
    h(
      Form,
      { key: 'form', layout: 'vertical' },
      h(Form.Item, { label: 'l', name: 'a', help: 'h', validateStatus: 'error' }, h(Input, null)),
      h(Form.Item, { name: 'b' }, h(Input.Password, null)),
      h(Form.Item, { name: 'c', valuePropName: 'checked' }, h(Checkbox, null, 'c')),
    ),
  ],
  '/community': () => [
    h(Typography.Title, { key: 't', level: 4 }, 't'),
    h(Typography.Text, { key: 'x', type: 'secondary' }, 'x'),
    h(Input, { key: 'i', allowClear: true }),
    h(Select, { key: 'sel', options: [{ value: 'a', label: 'a' }], value: 'a' }),
    h(Spin, { key: 'spin' }),
  ],
};

export const FIRST_LOAD_STYLE_ROUTES = Object.keys(PAGES);

/** The stylesheet of one landing page's Ant Design components, with the list of what it holds. */
export function firstLoadStyles(route: string): string {
  const page = PAGES[route];
  if (!page) throw new Error(`no first-load styles for ${route}`);
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(ConfigProvider, { theme: themeConfig('light') }, h(App, null, ...frame(), ...page())),
    ),
  );
  // Component styles only: the theme's CSS variables depend on light or dark and stay in the browser.
  return extractStyle(cache, { plain: true, types: ['style'] });
}
