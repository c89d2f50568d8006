import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import psyWeb from './eslint-rules/web-feature-zones.js';

const MODULE_FILE = /(?:^|\/)apps\/server\/src\/modules\/([^/]+)\/(.+)$/;

/**
 * psy/module-boundaries: a file in `modules/<a>/` may import another module `<b>` only through
 * its `index.ts` (`../<b>` or `../<b>/index`). One exception: a `*.table.ts` may import another
 * module's `*.table.ts`, because foreign keys name the table they reference.
 */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server module only through its index.ts' },
    schema: [],
    messages: {
      deep:
        "'{{source}}' reaches into module '{{target}}'. Import what '{{from}}' needs from '../{{target}}' (its index.ts); " +
        "if it is not exported there, add it to modules/{{target}}/index.ts or ask that module's service.",
    },
  },
  create(context) {
    const filename = (context.filename ?? context.getFilename()).split(path.sep).join('/');
    const own = MODULE_FILE.exec(filename);
    if (!own) return {};
    const [, from, rest] = own;
    const isTable = rest.endsWith('.table.ts');
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = MODULE_FILE.exec(path.posix.join(path.posix.dirname(filename), source));
      const bare = /(?:^|\/)apps\/server\/src\/modules\/([^/]+)\/?$/.exec(
        path.posix.join(path.posix.dirname(filename), source),
      );
      if (bare || !target || target[1] === from) return;
      const inner = target[2];
      if (/^index(\.[cm]?[jt]s)?$/.test(inner)) return;
      if (isTable && /\.table(\.ts)?$/.test(inner)) return;
      context.report({ node: node.source, messageId: 'deep', data: { source, target: target[1], from } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

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
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { psy: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'psy/module-boundaries': 'error' },
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
      'psy-web/feature-zones': 'error',
    },
  },
);
