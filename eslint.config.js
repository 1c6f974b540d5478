import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
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
  // Web app boundaries: a feature (src/features/<f>) never imports another feature or src/app (app composes
  // features); src/lib and src/components import no feature. Tests and test harnesses of a feature may use the app's
  // layout pieces (modal stack, toasts) to render like the app does, never another feature.
  ...webBoundaries(),
  {
    // No import cycles in the web app (relative imports; packages are checked by their own boundaries).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx'], 'import-x/resolver': { node: { extensions: ['.ts', '.tsx'] } } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // command-line tools, benchmarks and the bench kit (its smoke runner) print their results
    files: ['**/scripts/**', '**/tools/**', '**/bench/**', 'packages/bench-kit/**', 'apps/*/src/main.ts', 'apps/api/src/server.ts'],
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

/**
 * The `no-restricted-imports` blocks of the web app's boundaries (see where it is used). A pattern sees only the
 * import text, so each folder depth gets its own block: a file `depth` folders below its feature's root climbs
 * `depth + 1` times to reach src/features and `depth + 2` times to reach src/.
 */
function webBoundaries() {
  const featureMessage = 'A feature never imports another feature: move what both need to src/lib or src/components, or compose them in src/app.';
  const appMessage = 'A feature never imports src/app: the app composes features, not the other way round.';
  const libMessage = 'src/lib and src/components import no feature: they are shared by every feature.';
  const up = (n) => `(?:\\.\\./){${n}}`;
  const blocks = [{ ignores: ['apps/web/test/fixtures/boundaries/**'] }];
  for (let depth = 0; depth <= 4; depth += 1) {
    const folder = 'apps/web/src/features/*' + '/*'.repeat(depth);
    const otherFeature = { regex: `^${up(depth + 1)}[^./][^/]*/`, message: featureMessage };
    const app = { regex: `^${up(depth + 2)}app/`, message: appMessage };
    blocks.push(
      { files: [`${folder}/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns: [otherFeature, app] }] } },
      { files: [`${folder}/*.test.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns: [otherFeature] }] } },
    );
    for (const shared of ['lib', 'components']) {
      blocks.push({
        files: [`apps/web/src/${shared}${'/*'.repeat(depth)}/*.{ts,tsx}`],
        rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: `^${up(depth + 1)}features/`, message: libMessage }] }] },
      });
    }
  }
  // a feature's test harnesses (features/<f>/testing/*) render like the app does
  const harnessOtherFeature = { regex: `^${up(2)}[^./][^/]*/`, message: featureMessage };
  blocks.push({
    files: ['apps/web/src/features/*/testing/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [harnessOtherFeature] }] },
  });
  return blocks;
}
