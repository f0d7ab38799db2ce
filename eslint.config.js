import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * The house rules that hold by themselves (README, Layout; ../shared/STYLE.md). Each rule's message starts
 * with the rule's name and says what to do instead, so a red CI tells a newcomer which line they crossed:
 *
 *   features-are-independent        a web feature imports no other feature
 *   features-do-not-import-app      nor app, which composes them
 *   shared-layers-stay-below        web's components, lib and stores import neither features nor app
 *   server-code-stays-on-the-server web/src/server is for entry-server.tsx only
 *   embed-stands-alone              the widget script imports only shared and itself
 *   env-in-config-only              process.env is read in a package's config module only
 *   shared-runs-everywhere          shared uses no Node runtime API (the browser runs it too)
 *   import-x/no-cycle               no import cycles
 *   react-hooks/*                   the rules of hooks
 */

const WEB = './web/src';

/** web/src/features/<feature>: read from the tree, so a new feature is covered the day it is added. */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The website's layers, top down (README, Layout). A layer imports only the layers below it:
 *
 *   entry-client.tsx, entry-server.tsx  hydrate in the browser; render on the server (with src/server)
 *   app/                                routes, pages, layouts, the document, loaders: composes features
 *   features/<feature>/                 one thing a visitor does (live, matches, explore, auth, media, ...)
 *   components/  lib/  stores/          what more than one feature uses: UI pieces (crest, match row,
 *                                       player, prose); non-visual code (REST, formatting, i18n, the visit,
 *                                       the session, the live channel, content topics); site-wide stores
 *   embed/                              the widget's own small script, no part of the app
 */
const webLayerZones = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'features-are-independent: a feature does not import another feature. Move what two features share ' +
      'to web/src/components (UI), web/src/lib (non-visual) or web/src/stores, or compose them in web/src/app.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message:
      'features-do-not-import-app: app composes the features, not the other way round. Move what the ' +
      'feature needs from app down to web/src/lib, web/src/components or web/src/stores.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/stores`],
    from: [`${WEB}/app`, `${WEB}/features`],
    message:
      'shared-layers-stay-below: components, lib and stores serve the features and app and import ' +
      'neither. Move the code they need down into components, lib or stores, or pass it in from above.',
  },
  {
    target: [`${WEB}/app`, `${WEB}/features`, `${WEB}/components`, `${WEB}/lib`, `${WEB}/stores`],
    from: `${WEB}/server`,
    message:
      "server-code-stays-on-the-server: web/src/server is the renderer's Node side, imported by " +
      'entry-server.tsx only; code that runs in the browser cannot use it.',
  },
  {
    target: `${WEB}/embed`,
    from: [
      `${WEB}/app`,
      `${WEB}/features`,
      `${WEB}/components`,
      `${WEB}/lib`,
      `${WEB}/stores`,
      `${WEB}/server`,
    ],
    message:
      'embed-stands-alone: the widget script (web/src/embed) is no part of the app and stays a few ' +
      'kilobytes: it imports only @pitchside/shared and its own files.',
  },
];

/** Where a package reads its configuration from the environment (zod, once, every bad variable named). */
const ENV_MODULES = [
  '**/src/config/env.ts', // each service's (the simulator's too) and the load-test harness's
  'scripts/lib/env.mjs', // npm start's and npm test's launchers
];
/**
 * Tests and their support read the harness's settings (REDIS_URL, DATABASE_URL, CHROMIUM_PATH...) and
 * hand environments to the processes they start: they are the outside that configures the services.
 */
const TEST_CODE = ['test/**', '*/test/**', 'web/e2e/**', '**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts'];
const ENV_MESSAGE =
  "env-in-config-only: read the environment in your package's config module (src/config/env.ts: zod, " +
  'once, every bad variable named) and pass the values down.';

/** Node's runtime, which shared must not use: the browser runs shared's code too. */
const NODE_ONLY_GLOBALS = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require'];
const SHARED_MESSAGE =
  "shared-runs-everywhere: shared's code runs in the browser too; use what both have (URL, TextEncoder, " +
  'globalThis) or move the Node part to the package that needs it. Type-only imports from node:* are fine.';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '.pitchside/**', '.scratch/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['*.{js,ts}', 'scripts/**/*.mjs', 'load-tests/k6/**'],
    languageOptions: { globals: globals.node },
  },
  { files: ['web/src/**'], languageOptions: { globals: globals.browser } },
  { files: ['scripts/**', 'load-tests/**'], rules: { 'no-console': 'off' } },
  {
    // Production ingest knows its provider by address only (issue 15 §4); its tests may run the simulator.
    files: ['ingest/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@pitchside/simulator', '@pitchside/simulator/*'],
              message:
                'Production ingest never imports the simulator: it reads it at GAME_API_BASE_URL like any provider.',
            },
          ],
        },
      ],
    },
  },

  // Imports, resolved as TypeScript resolves them (workspace packages by name, through their exports).
  {
    plugins: { 'import-x': importX },
    settings: {
      // What import-x reads as modules (no-cycle follows them) and with which parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      // Packages import each other by name, through the subpaths their package.json `exports` lists
      // (`@pitchside/gateway/app`), never by a relative path into another package's folder; the nearest
      // package.json says which package a file is in (ingest/simulator is a package of its own).
      'import-x/no-relative-packages': 'error',
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones }],
      // A cycle makes module order matter (a value read before its module ran) and hides which module is
      // the lower one. Break it by moving what both need into a third module. Costs about a quarter of the
      // lint's time (README, Layout).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // env-in-config-only: configuration is read and validated once per app; nothing else touches process.env.
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    ignores: [...ENV_MODULES, ...TEST_CODE, 'load-tests/k6/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ENV_MESSAGE }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
          message: ENV_MESSAGE,
        },
      ],
    },
  },

  // shared-runs-everywhere: shared's tsconfig has Node's types (for URL, and the render contract's types).
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_ONLY_GLOBALS.map((name) => ({ name, message: SHARED_MESSAGE })),
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], allowTypeImports: true, message: SHARED_MESSAGE }] },
      ],
    },
  },

  // React: the rules of hooks, in the website.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
