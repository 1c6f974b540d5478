import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import jelly from './eslint-rules/no-cycle.js';

const repoDir = dirname(fileURLToPath(import.meta.url));
// Imports resolve as Node and the bundler resolve them: workspace packages through their `exports`, to their real
// folder (so a zone on packages/contracts also catches `@jelly/contracts`).
const importSettings = {
  // the files import-x reads for their own imports (no-cycle walks them)
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['import', 'default'] })],
};

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
    // One gate for the platform's keys: the secret behind a platform key lives in the gate's vault, and only the gate
    // (and the handle maker, platform-key.ts) may import it; every other signature goes through the gate's checks.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/chain/gate/**', 'apps/api/src/chain/keys/platform-key.ts', 'apps/api/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts'], 'import-x/resolver': { node: { extensions: ['.ts'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/api/src',
              from: './apps/api/src/chain/gate/key-vault.ts',
              message: "Only the platform gate (apps/api/src/chain/gate) signs with a platform key: send through authorizePlatformSend.",
            },
          ],
          // zones are read from the repository root, whatever folder eslint runs from (a workspace's test run)
          basePath: repoDir,
        },
      ],
    },
  },
  // The server's own outbound requests go through one client, apps/api/src/lib/outbound-http.ts, which refuses
  // loopback, private, link-local and metadata addresses after DNS resolution and on every redirect. Anything else
  // that sends an HTTP request from the API would bypass it, so it is an error anywhere else in apps/api/src.
  ...apiOutboundHttp(),
  // Web app boundaries: a feature (src/features/<f>) never imports another feature or src/app (app composes
  // features); src/lib and src/components import no feature. Tests and test harnesses of a feature may use the app's
  // layout pieces (modal stack, toasts) to render like the app does, never another feature.
  ...webBoundaries(),
  // Package boundaries: packages never import apps; domain imports no package of ours but the escrow error catalogue.
  ...packageBoundaries(),
  {
    // No import cycles in the API, the localnet, the packages and the web app, type-only imports included
    // (import-x/no-cycle cannot count them: eslint-rules/no-cycle.js says why). Tests may import what they test from
    // anywhere.
    files: ['apps/api/**/*.ts', 'apps/localnet/**/*.ts', 'packages/*/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/fixtures/**'],
    plugins: { jelly },
    rules: { 'jelly/no-cycle': 'error' },
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
    { ignores: ['apps/api/test/fixtures/boundaries/**', 'apps/api/test/fixtures/gate/**'] },
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
 * The rules that keep the API's outbound requests in lib/outbound-http.ts (see where it is used): the global fetch
 * (also as globalThis.fetch), undici and node-fetch, and node:http(s)' request functions. They are not
 * `no-restricted-imports` patterns because the module-boundary blocks already set that rule for these files, and a
 * later block setting the same rule would replace their patterns. Tests and their stand-ins (test files, testing/
 * folders, testing.ts) play the outside world and may send requests.
 */
function apiOutboundHttp() {
  const message = 'Outbound HTTP goes through lib/outbound-http.ts (app.outboundFetch, or an OutboundFetch passed in): it refuses private and local addresses.';
  const clients = '/^(undici|node-fetch)/';
  const nodeHttp = '/^(node:)?(http|https|http2)$/';
  return [
    { ignores: ['apps/api/test/fixtures/outbound/**'] },
    {
      files: ['apps/api/src/**/*.ts'],
      // rpc-connection.ts: the RPC node is the operator's own endpoint (often private), which outbound-http refuses.
      ignores: ['apps/api/src/lib/outbound-http.ts', 'apps/api/src/chain/rpc-connection.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/**/testing/**', 'apps/api/src/**/testing.ts'],
      rules: {
        'no-restricted-globals': ['error', { name: 'fetch', message }],
        'no-restricted-properties': ['error', ...['globalThis', 'global', 'window', 'self'].map((object) => ({ object, property: 'fetch', message }))],
        'no-restricted-syntax': [
          'error',
          { selector: `ImportDeclaration[source.value=${clients}]`, message },
          { selector: `ImportExpression[source.value=${clients}]`, message },
          { selector: `CallExpression[callee.name='require'][arguments.0.value=${clients}]`, message },
          { selector: `ImportDeclaration[source.value=${nodeHttp}] > ImportSpecifier[imported.name=/^(request|get|connect)$/]`, message },
          { selector: `ImportDeclaration[source.value=${nodeHttp}] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)`, message },
        ],
      },
    },
  ];
}

/**
 * The web app's boundaries as path zones (import-x/no-restricted-paths): the rule resolves each import — static,
 * `export … from` and dynamic `import()` alike (the app lazy-loads much of itself) — and reports one whose file lies
 * in a zone the importing file may not reach, however many `../` it climbs. Each feature gets its zone, read from the
 * features folder, so a new feature is covered without touching this file.
 */
function webBoundaries() {
  const featureMessage = 'A feature never imports another feature: move what both need to src/lib or src/components, or compose them in src/app.';
  const appMessage = 'A feature never imports src/app: the app composes features, not the other way round.';
  const libMessage = 'src/lib and src/components import no feature: they are shared by every feature.';
  const src = './apps/web/src';
  const features = readdirSync(join(repoDir, src, 'features'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const otherFeatures = features.map(({ name }) => ({
    target: `${src}/features/${name}`,
    from: `${src}/features`,
    except: [`./${name}`],
    message: featureMessage,
  }));
  const app = { target: `${src}/features`, from: `${src}/app`, message: appMessage };
  const shared = { target: [`${src}/lib`, `${src}/components`], from: `${src}/features`, message: libMessage };
  return [
    { ignores: ['apps/web/test/fixtures/boundaries/**'] },
    { files: ['apps/web/src/**/*.{ts,tsx}'], ...zones([...otherFeatures, app, shared]) },
    // a feature's tests and test harnesses (features/<f>/testing/*) may use the app's layout pieces (modal stack,
    // toasts) to render like the app does, never another feature
    { files: ['apps/web/src/features/**/*.test.{ts,tsx}', 'apps/web/src/features/*/testing/**/*.{ts,tsx}'], ...zones([...otherFeatures, shared]) },
  ];
}

/**
 * Packages sit below the apps: a package never imports an app, and packages/domain imports nothing of ours but the
 * escrow program's error catalogue (a leaf), so the rules read the same in the API, the web app and the contracts.
 * Path zones, so a bare `@jelly/…` name, a relative path and a dynamic `import()` are judged alike.
 */
function packageBoundaries() {
  const appMessage = 'A package never imports an app: apps import packages, never the reverse.';
  const domainMessage = 'packages/domain imports nothing of ours but @jelly/escrow/errors: it holds the rules every other part reads.';
  return [
    {
      files: ['packages/**/*.{ts,tsx,js}'],
      ...zones([
        { target: './packages', from: './apps', message: appMessage },
        { target: './packages/domain', from: './packages/contracts', message: domainMessage },
        { target: './packages/domain', from: './packages/escrow', except: ['./src/client/errors.ts'], message: domainMessage },
      ]),
    },
  ];
}

/** A config block's part that applies import-x/no-restricted-paths with these zones (paths from the repository root). */
function zones(list) {
  return {
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: list, basePath: repoDir }] },
  };
}
