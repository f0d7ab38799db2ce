import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * The house rules that hold by themselves (README, Layout; ../shared/STYLE.md). Each rule's message names
 * the rule and says what to do instead, so a red CI tells a newcomer which layer they crossed.
 */

/** web/src/features/<feature>: read from the tree, so a new feature is covered the day it is added. */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const WEB = './web/src';

/**
 * The website's layers, from the top down (README, Layout). A layer imports only the layers below it:
 *
 *   entry-server.tsx, entry-client.tsx   the two entries: render on the server, hydrate in the browser
 *   app/                                 routes, pages, layouts, the document: composes the features
 *   features/<feature>/                  one thing the visitor does; never another feature, never app
 *   components/  lib/  stores/           the shared layers: what more than one feature uses (UI pieces;
 *                                        non-visual code: REST, formatting, i18n, the visit, the session;
 *                                        site-wide stores); never a feature, never app
 *   embed/                               the widget's own small script, no part of the app: shared only
 */
const webLayerZones = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'features-are-independent: features do not import other features; move what two features share to ' +
      'web/src/components (UI), web/src/lib (non-visual) or web/src/stores, or compose them in web/src/app.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message:
      'features-do-not-import-app: app composes the features, not the other way round; move what the ' +
      'feature needs from app to web/src/lib, web/src/components or web/src/stores.',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/stores`],
    from: [`${WEB}/app`, `${WEB}/features`],
    message:
      'shared-layers-stay-below: components, lib and stores are used by features and app and import ' +
      'neither; move the code they need down into components, lib or stores.',
  },
  {
    target: `${WEB}/embed`,
    from: [`${WEB}/app`, `${WEB}/features`, `${WEB}/components`, `${WEB}/lib`, `${WEB}/stores`],
    message:
      'embed-stands-alone: the widget script (web/src/embed) is no part of the app and stays a few ' +
      'kilobytes: it imports only @pitchside/shared and its own files.',
  },
];

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

  // Imports: resolved as TypeScript resolves them (each package's tsconfig, workspace names through exports).
  {
    plugins: { 'import-x': importX },
    settings: {
      // What import-x reads as modules (for no-cycle, the files it follows) and with which parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json'], alwaysTryTypes: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webLayerZones,
        },
      ],
      // no-import-cycles: a cycle makes module order matter (an import read before it is initialised) and
      // hides which module is the lower one. Break it by moving what both need into a third module.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // React: the rules of hooks in the website.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
