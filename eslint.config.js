import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
  { files: ['scripts/**/*.mjs', 'load-tests/k6/**'], languageOptions: { globals: globals.node } },
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
);
