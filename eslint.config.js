import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data*/**', '**/test-results/**', '**/playwright-report/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // ── API module boundaries ──────────────────────────────────────────────────────────────────────────────────
  // A module (apps/api/src/modules/<m>/) is reached only through its public file, index.ts; the app itself may also
  // register a module's routes.ts, and tests may use a module's testing.ts helpers. Everything else in a module is
  // its own business: importing another module's internal file is an error. The patterns depend on how deep the
  // importing file sits, so each depth has its own block (imports within the same module are not matched: they
  // never climb to the modules folder).
  ...apiModuleBoundaries(),
  {
    // command-line tools and benchmarks print their results
    files: ['**/scripts/**', '**/tools/**', '**/bench/**', 'apps/*/src/main.ts', 'apps/api/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
);

/**
 * The `no-restricted-imports` blocks that keep API modules behind their public files (see where it is used). A
 * pattern sees only the import text, so each place an importing file can sit gets its own block: a file directly in
 * a module folder climbs one `../` to reach another module, a file in a module's subfolder climbs two, and a file
 * outside the modules names `modules/<m>/` in its path. Imports within one module never climb to the modules
 * folder, so they never match.
 */
function apiModuleBoundaries() {
  const message = "Import another API module only through its public file (index.ts), not its internal files.";
  const rule = (regex) => ['error', { patterns: [{ regex, message }] }];
  // An import into another module's folder (reached by `climb`) that is not one of the public files it may use.
  const intoModule = (climb, publicFiles) => `^${climb}[^./][^/]*/(?!(${publicFiles})\\.ts$).+`;
  const fromOutside = (publicFiles) => `^(\\./|(\\.\\./)+)(src/)?modules/[^/]+/(?!(${publicFiles})\\.ts$).+`;
  const up1 = '\\.\\./';
  const up2 = '\\.\\./\\.\\./';
  return [
    { ignores: ['apps/api/test/fixtures/boundaries/**'] },
    // product code in a module: other modules through index.ts only
    { files: ['apps/api/src/modules/*/*.ts'], rules: { 'no-restricted-imports': rule(intoModule(up1, 'index')) } },
    { files: ['apps/api/src/modules/*/*/*.ts'], rules: { 'no-restricted-imports': rule(intoModule(up2, 'index')) } },
    // a module's tests and test helpers may also use another module's testing.ts
    {
      files: ['apps/api/src/modules/*/*.test.ts', 'apps/api/src/modules/*/testing.ts'],
      rules: { 'no-restricted-imports': rule(intoModule(up1, 'index|testing')) },
    },
    {
      files: ['apps/api/src/modules/*/*/*.test.ts', 'apps/api/src/modules/*/testing/*.ts'],
      rules: { 'no-restricted-imports': rule(intoModule(up2, 'index|testing')) },
    },
    // the app (app.ts, api-routes.ts, plugins, realtime…): index.ts, and routes.ts to register a module's routes
    {
      files: ['apps/api/src/**/*.ts'],
      ignores: ['apps/api/src/modules/**', 'apps/api/src/**/*.test.ts'],
      rules: { 'no-restricted-imports': rule(fromOutside('index|routes')) },
    },
    // tests outside the modules: also testing.ts
    {
      files: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.ts'],
      ignores: ['apps/api/src/modules/**'],
      rules: { 'no-restricted-imports': rule(fromOutside('index|routes|testing')) },
    },
  ];
}
