import { createRequire } from 'node:module';
import path from 'node:path';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = 'http://localhost:8080';
// The flag SVGs of country-flag-icons wherever npm placed the package, for import.meta.glob (which takes no bare names).
const flagSvgDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')),
  '3x2',
);

export default defineConfig({
  plugins: [
    react(),
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
