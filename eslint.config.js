import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

// Web features don't import each other; pages in apps/web/src/app compose them.
const FEATURES_DIR = 'apps/web/src/features';
const features = fs
  .readdirSync(new URL(FEATURES_DIR, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = features.map((feature) => ({
  files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            // By path (…/features/other/…) or climbing out of this feature (../../other/…).
            regex: `(^|/)features/${other}(/|$)|^(\\.\\./){2,}${other}(/|$)`,
            message: `Features don't import each other: move what "${feature}" needs from "${other}" to shared/, or compose both in a page under app/.`,
          })),
      },
    ],
  },
}));

// shared/ is the bottom layer of the web app: features and app/ build on it, never the other way round.
const SHARED_UPWARD = '^(\\.\\./)+(app|features)(/|$)|^[@~]/(app|features)(/|$)|(^|/)src/(app|features)(/|$)';
const sharedBoundary = {
  files: ['apps/web/src/shared/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // By path alias (@/features/…, src/app/…) or climbing out of shared (../../features/…).
            regex: SHARED_UPWARD,
            message:
              'shared/ does not import from app/ or features/: move what it needs into shared/, or pass it in from the caller.',
          },
        ],
      },
    ],
    // The same for lazy imports, which no-restricted-imports does not see (esquery wants "/" escaped).
    'no-restricted-syntax': [
      'error',
      {
        selector: `ImportExpression > Literal[value=/${SHARED_UPWARD.replaceAll('/', '\\u002F')}/]`,
        message: 'shared/ does not load modules of app/ or features/.',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Past ~300 lines a file is split into a folder by operation.
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test file walks through one unit's cases; longer is fine, but not without limit.
    files: ['**/*.test.{ts,tsx}', 'tests/e2e/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }] },
  },
  ...featureBoundaries,
  sharedBoundary,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A promise nobody awaits must never reject: an engine's error once took the server down this way.
    files: ['apps/server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Configuration is parsed once in config.ts; the test script's database URL is read by the test helper.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/test/**', 'apps/server/src/main.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
);
