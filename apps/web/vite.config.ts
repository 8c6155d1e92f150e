import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = 'http://localhost:8080';

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
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is loaded on every first visit anyway: one chunk for it,
        // rather than a dozen whose boundaries move each time a lazy page starts sharing a module with it.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
