// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '.data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle must never pull in server code (database, Redis, secrets).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/common/server', '@app/common/server/*', '**/common/src/server', '**/common/src/server/*'], message: 'common/src/server is server-only: the web app must not import it.' },
            { group: ['@app/api', '@app/api/*', '@app/worker', '@app/worker/*', '**/api/src/*', '**/worker/src/*'], message: 'The web app talks to the API over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/bootstrap.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
