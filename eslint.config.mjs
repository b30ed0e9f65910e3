// ESLint flat config: typescript-eslint, react-hooks, jsx-a11y (strict); Node globals for the dev
// host, e2e and bench scripts. The import boundaries (a widget never imports another widget; shared/
// never imports a widget; docs/architecture.md "Allowed imports") are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    files: ['**/*.test.{ts,tsx,js}', 'test/**'],
    ignores: ['e2e/**', 'hosts/aspnet/e2e/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node, ...globals.browser } },
  },
  {
    // Browser tests use node:test, not Jest globals.
    files: ['e2e/**', 'hosts/aspnet/e2e/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
