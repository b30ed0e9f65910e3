// ESLint flat config: typescript-eslint, react-hooks, jsx-a11y (strict); widgets never import
// from another widget (STYLE.md habit 12); Node globals for the dev host, e2e and bench scripts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const widgetFolders = readdirSync(new URL('./widgets', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noCrossWidgetImports = widgetFolders.map((widget) => ({
  files: [`widgets/${widget}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: widgetFolders
          .filter((other) => other !== widget)
          .map((other) => ({
            group: [`**/${other}`, `**/${other}/**`],
            message: 'A widget never imports from another widget: move shared code to shared/.',
          })),
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-plain/**',
      'hosts/aspnet/**/bin/**',
      'hosts/aspnet/**/obj/**',
      'node_modules/**',
      'coverage/**',
      '.data/**',
      'e2e/artifacts/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['shared/**/*.{ts,tsx}', 'host-shim/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/widgets/**'], message: 'shared/ and the shim never import a widget.' }] },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...noCrossWidgetImports,
  {
    // The host contract's JSON Schemas and doc tests check the docs against every widget's own
    // reader and schemas: test-time code that never ships, so it may import widgets.
    files: ['shared/contract/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    files: ['**/*.test.{ts,tsx,js}', 'shared/test/**'],
    ignores: ['e2e/**', 'hosts/aspnet/e2e/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node, ...globals.browser } },
  },
  {
    // Browser tests use node:test, not Jest globals.
    files: ['e2e/**', 'hosts/aspnet/e2e/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
