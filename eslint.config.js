import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import psyWeb from './eslint-rules/web-feature-zones.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tsbuild/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'eval is never allowed.' },
        { selector: "NewExpression[callee.name='Function']", message: 'new Function is never allowed.' },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web app's layers: features never import each other (docs/architecture.md, "Web").
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'psy-web': psyWeb },
    rules: {
      'psy-web/feature-zones': [
        'error',
        {
          allow: [
            {
              from: 'features/audit/pages/work-page.tsx',
              to: 'features/workbench/api/',
              reason:
                'The audit inbox moves to its own paged API with contract types (issue 11, audit work); until then it reads the workbench queries.',
            },
          ],
        },
      ],
    },
  },
);
