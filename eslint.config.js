import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

// Web features don't import each other, nor app/: pages in apps/web/src/app compose them, so app/
// sits above every feature and a feature that reached up into it would tie the two into a loop.
const FEATURES_DIR = 'apps/web/src/features';
const features = fs
  .readdirSync(new URL(FEATURES_DIR, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// By path alias (@/app/…), by path (…/src/app/…) or climbing out of the feature (../../app/…).
const FEATURE_UPWARD = '^[@~]/app(/|$)|(^|/)src/app(/|$)|^(\\.\\./){2,}app(/|$)';
const featureBoundaries = features.map((feature) => ({
  files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              // By path (…/features/other/…) or climbing out of this feature (../../other/…).
              regex: `(^|/)features/${other}(/|$)|^(\\.\\./){2,}${other}(/|$)`,
              message: `Features don't import each other: move what "${feature}" needs from "${other}" to shared/, or compose both in a page under app/.`,
            })),
          {
            regex: FEATURE_UPWARD,
            message: `Features don't import app/ (app/ composes them): move what "${feature}" needs to shared/, or pass it in from the page under app/.`,
          },
        ],
      },
    ],
    // The same for lazy imports, which no-restricted-imports does not see (esquery wants "/" escaped).
    'no-restricted-syntax': [
      'error',
      {
        selector: `ImportExpression > Literal[value=/${FEATURE_UPWARD.replaceAll('/', '\\u002F')}/]`,
        message: "Features don't load modules of app/.",
      },
    ],
  },
}));

// Server modules: apps/server/src/modules/<m>/index.ts is what a module offers; everything else in
// the folder is its own. Production code never imports the test fakes and helpers (test-support/).
const SERVER = 'apps/server/src';
const MODULES_DIR = `${SERVER}/modules`;
const serverModules = fs
  .readdirSync(new URL(MODULES_DIR, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const noTestSupport = {
  regex: '(^|/)test-support(/|$)',
  message: 'Fakes and test helpers (apps/server/test-support) are for tests only.',
};
// By path (…/modules/billing/x.ts) or climbing out of a module (../billing/x.ts).
const internalsOf = (modules, allowed = 'index\\.ts$') => ({
  regex: `(^|/)(modules|\\.\\.)/(${modules.join('|')})/(?!${allowed})`,
  message: 'Import another server module only through its index.ts (export what is needed there).',
});
// The account modules are layered: identity (sessions, codes, limits) at the bottom, user on it,
// billing on both (its console looks accounts up), sign-in (auth) on all three, since it creates
// accounts and binds invitations. A module never imports one above it, not even its index.ts.
const ABOVE = { identity: ['auth', 'user', 'billing'], user: ['auth', 'billing'], billing: ['auth'] };
const modulesAbove = (module) =>
  (ABOVE[module] ?? []).map((upper) => ({
    regex: `(^|/)(modules|\\.\\.)/${upper}/`,
    message: `"${module}" sits below "${upper}": pass what it needs in from services.ts, or move it down.`,
  }));
// generation/ the same way: its index.ts is what it offers the rest of the server (tests may reach
// in, as into a module, and test-support/ is outside these rules).
const GENERATION_DIR = `${SERVER}/generation`;
const generationInternals = (allowed = 'index\\.ts$') => ({
  regex: `(^|/)generation/(?!${allowed})`,
  message: 'Import generation only through generation/index.ts (export what is needed there).',
});
const serverImports = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: [...patterns, noTestSupport] }],
});
// Tests may reach into a module to set up its state (repositories, fixtures) and use test-support.
const SERVER_TESTS = [`${SERVER}/**/*.test.ts`];
const serverBoundaries = [
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [...SERVER_TESTS, `${MODULES_DIR}/**`, `${GENERATION_DIR}/**`],
    rules: serverImports([internalsOf(serverModules), generationInternals()]),
  },
  {
    files: [`${GENERATION_DIR}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: serverImports([internalsOf(serverModules)]),
  },
  ...serverModules.map((module) => ({
    files: [`${MODULES_DIR}/${module}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: serverImports([
      internalsOf(serverModules.filter((other) => other !== module)),
      ...modulesAbove(module),
      generationInternals(),
    ]),
  })),
  {
    // The configuration sits below generation (which reads its Config): it reads the engine list and
    // the settings' formats directly: through generation/index.ts it would reach itself again (a cycle).
    files: [`${SERVER}/config*.ts`],
    ignores: SERVER_TESTS,
    rules: serverImports([
      internalsOf(serverModules),
      generationInternals('index\\.ts$|engines/index\\.ts$|settings-formats\\.ts$'),
    ]),
  },
  {
    // `npm run docs` is a short process of its own: it reads the engine list and the lifecycle's
    // transitions, like the configuration, without loading everything behind generation/index.ts.
    files: [`${SERVER}/reference-docs.ts`],
    rules: serverImports([
      internalsOf(serverModules),
      generationInternals('index\\.ts$|engines/index\\.ts$|lifecycle/index\\.ts$'),
    ]),
  },
  {
    // The operator CLI is a short process of its own: it loads the modules' command files, the admin
    // client (shared/) and the token file's reader, never a module's index.ts (which would load the
    // whole server behind it).
    files: [`${SERVER}/admin.ts`, `${SERVER}/admin-commands.ts`, `${MODULES_DIR}/*/*.cli.ts`],
    ignores: SERVER_TESTS,
    rules: serverImports([
      internalsOf(serverModules, 'index\\.ts$|[\\w.-]+\\.cli\\.ts$|admin-token\\.ts$'),
      generationInternals(),
    ]),
  },
];

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
    files: ['apps/server/src/**/*.ts', 'apps/server/test-support/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Configuration is parsed once in config.ts (the test helpers in test-support/ read the test database URL).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/main.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  ...serverBoundaries,
);
