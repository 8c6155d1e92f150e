import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { APP_HEADER, LIMITS, authEndpoints, communityEndpoints, systemEndpoints } from '@turing/contract';
import { ANTD_REDIRECTS, redirectAntdImport } from './build/antd-redirects.ts';

const apiTarget = 'http://localhost:8080';
// The flag SVGs of country-flag-icons wherever npm placed the package, for import.meta.glob (which takes no bare names).
const flagSvgDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')),
  '3x2',
);

/**
 * The pages a first visit usually lands on, with the locale namespaces their routes load (as in
 * src/app/router.tsx). The chunks each one needs are known only after the build.
 */
const LANDING_PAGES: Record<string, { page: string; namespaces: string[] }> = {
  '/home': { page: 'src/features/home/pages/home-page.tsx', namespaces: ['home'] },
  '/community': { page: 'src/features/community/pages/community-page.tsx', namespaces: ['community', 'errors'] },
  '/login': { page: 'src/features/auth/pages/login-page.tsx', namespaces: ['auth', 'phone', 'errors'] },
};

/** When a page that has not painted (a hidden tab) asks for its landing page's code anyway. */
const AFTER_PAINT_FALLBACK_MS = 1_000;

/**
 * Without help, a route's code is requested only once the entry has downloaded and run and the router
 * has matched the address. A small script in index.html reads the address (and the language index.html's
 * first script chose) and asks for the landing page's chunks, styles and locale files at once, alongside the entry. The
 * loader finds them already requested and does not ask twice.
 */
function preloadLandingPage(): Plugin {
  return {
    name: 'preload-landing-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
        const inEntry = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const filesOf = (chunk: Rollup.OutputChunk, into: Set<string>) => {
          if (inEntry.has(chunk.fileName) || into.has(chunk.fileName)) return;
          into.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const dep of chunk.imports) {
            const next = bundle[dep];
            if (next?.type === 'chunk') filesOf(next, into);
          }
        };
        const map: Record<string, { files: string[]; en: string[]; zh: string[]; antd?: string }> = {};
        for (const [route, { page, namespaces }] of Object.entries(LANDING_PAGES)) {
          const chunk = byModule(page);
          if (!chunk) throw new Error(`${page} has no chunk of its own`);
          const files = new Set<string>();
          filesOf(chunk, files);
          const locale = (lang: string) => {
            const out = new Set<string>();
            for (const ns of namespaces) {
              const c = byModule(
                ns === 'errors' ? 'src/shared/i18n/error-messages.ts' : `src/locales/${lang}/${ns}.json`,
              );
              if (c) filesOf(c, out);
            }
            return [...out].filter((f) => !files.has(f)).map((f) => `/${f}`);
          };
          map[route] = { files: [...files].map((f) => `/${f}`), en: locale('en'), zh: locale('zh') };
          const antd = Object.values(bundle).find(
            (a) => a.type === 'asset' && a.names.includes(firstLoadStylesName(route)),
          );
          if (antd) map[route].antd = `/${antd.fileName}`;
        }
        // Early requests: the address and the language are known here, before the entry has arrived,
        // so the client configuration (every page) and the community's banners start now unless the
        // server wrote them into the page (#boot-data), and so, once the first paint is on screen, do
        // the login page's sign-in providers; the API client takes these answers for its first calls
        // (src/shared/http/early-requests.ts). The first banner's image is preloaded as soon as its
        // address is known: it is the gallery's largest paint. An early request has the API client's
        // own time limit.
        //
        // The landing page's code and the sign-in providers are asked for once the first paint is on
        // screen (a paint entry is observed; a hidden tab, which paints nothing, waits for the timer):
        // then the twenty-odd requests and the work of starting them come after the shell's paint, not
        // before it on a slow phone, and the entry (requested by the page itself) has the connection
        // first. They still start long before the entry has arrived and run.
        const api = (p: string) => JSON.stringify(`${LIMITS.apiBase}${p}`);
        const headers = `{${JSON.stringify(APP_HEADER.name)}:${JSON.stringify(APP_HEADER.value)},'accept-language':l}`;
        const script =
          `(function(){var m=${JSON.stringify(map)};var p=location.hash.slice(1).split('?')[0]||'/home';var r=m[p];` +
          `var l=document.documentElement.lang==='zh-CN'?'zh':'en';` +
          `var e=window.__earlyRequests={};function get(u){try{e[u]=fetch(u,{headers:${headers},credentials:'same-origin',signal:AbortSignal.timeout(${LIMITS.requestTimeoutMs})})}catch(x){}return e[u]}` +
          `function img(u){if(!u)return;var k=document.createElement('link');k.rel='preload';k.as='image';k.href=u;k.fetchPriority='high';document.head.appendChild(k)}` +
          `var d;try{d=JSON.parse(document.getElementById('boot-data').textContent)}catch(x){}` +
          `if(!d)get(${api(systemEndpoints.clientConfig.path)});` +
          // The page's prebuilt Ant Design styles: the entry waits for them before its first render.
          `if(r&&r.antd)try{window.__antdStyles=fetch(r.antd).then(function(s){return s.ok?s.text():''}).catch(function(){return ''})}catch(x){}` +
          `if(p==='/community'){if(d){img(d.banners[0]&&d.banners[0].imageUrl)}else{var b=get(${api(communityEndpoints.banners.path)});b&&b.then(function(s){return s.clone().json()}).then(function(j){img(j&&j.data&&j.data[0]&&j.data[0].imageUrl)}).catch(function(){})}}` +
          `var done=0;function rest(){if(done)return;done=1;` +
          `if(p==='/login'){get(${api(authEndpoints.googleInfo.path)});get(${api(authEndpoints.wechatInfo.path)})}` +
          `if(r)r.files.concat(r[l]).forEach(function(f){var k=document.createElement('link');if(/\\.css$/.test(f)){k.rel='preload';k.as='style'}else{k.rel='modulepreload';k.crossOrigin=''}k.href=f;document.head.appendChild(k)})}` +
          `try{new PerformanceObserver(rest).observe({type:'paint'})}catch(x){}setTimeout(rest,${AFTER_PAINT_FALLBACK_MS})})()`;
        // The entry's stylesheet (a few KB) goes inside the page, so nothing holds back the first
        // paint (index.html's header bar) but the page itself. The landing page's own stylesheets are
        // fetched early (above) but applied by the page's code when it renders, as Vite does for any
        // page loaded on demand, so they do not hold it back either.
        const inlined = html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (link, file: string) => {
            const asset = bundle[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
          },
        );
        return { html: inlined, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

/** The asset name of a landing page's prebuilt Ant Design stylesheet (`/login` → `antd-login.css`). */
const firstLoadStylesName = (route: string) => `antd-${route.slice(1)}.css`;

/**
 * Ant Design's styles for the landing pages' components, made at build time (build/first-load-styles.ts)
 * instead of on the phone's main thread; index.html's early script fetches the page's sheet.
 */
function prebuildFirstLoadStyles(): Plugin {
  return {
    name: 'prebuild-first-load-styles',
    apply: 'build',
    async buildStart() {
      // Ant Design names its style classes after the mode it is loaded in (`css-dev-only-…` outside
      // production, which Vite sets for a build): a build in another mode ships no sheets.
      if (process.env.NODE_ENV !== 'production') return;
      const url = pathToFileURL(path.join(import.meta.dirname, 'build/first-load-styles.ts')).href;
      const { firstLoadStyles, FIRST_LOAD_STYLE_ROUTES } = (await import(
        url
      )) as typeof import('./build/first-load-styles.ts');
      for (const route of FIRST_LOAD_STYLE_ROUTES) {
        if (!LANDING_PAGES[route]) throw new Error(`${route} is not a landing page`);
        this.emitFile({ type: 'asset', name: firstLoadStylesName(route), source: firstLoadStyles(route) });
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Each fails the build when Ant Design no longer makes the import it redirects (see the file).
    ...ANTD_REDIRECTS.map((redirect) => redirectAntdImport(redirect)),
    prebuildFirstLoadStyles(),
    preloadLandingPage(),
    // Pre-compressed twins (.br, .gz) of every text asset; the server sends them as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json)$/,
      exclude: /\.vite\//,
      threshold: 0,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
    }),
  ],
  resolve: { alias: { 'country-flag-svg': flagSvgDir } },
  base: '/',
  server: {
    port: 5173,
    proxy: { '/turing': apiTarget, '/files': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Every browser the build targets supports <link rel="modulepreload"> natively.
    modulePreload: { polyfill: false },
    // Everything the entry needs statically goes into one chunk. Left to itself, the bundler splits off
    // each set of entry modules that some lazy chunk also uses (the phone menu's Drawer shares antd's
    // config and locale code with the entry): more requests and worse compression on every first load.
    rolldownOptions: {
      output: {
        // The form family's chunks are named after every page that shares them; a short name keeps the
        // page's preload list and file names small.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith('forms~') ? 'forms' : '[name]'}-[hash].js`,
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Ant Design's form family (form, inputs, checkbox, segmented control, grid) comes in a few
            // chunks, not a dozen: on a slow connection each request waits its turn (six at a time), and
            // the login page needed twenty-odd small ones before it could show its form. Modules shared
            // by the same set of pages stay together; sets that small are merged with their closest.
            {
              name: 'forms',
              test: /node_modules[\\/](antd[\\/]es[\\/](form|input|checkbox|segmented|grid|space|divider)[\\/]|@rc-component[\\/](form|async-validator|input|textarea|checkbox|segmented)[\\/])/,
              entriesAware: true,
              entriesAwareMergeThreshold: 60_000,
            },
          ],
        },
      },
    },
  },
});
