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
  // ── API boundaries, as path zones ─────────────────────────────────────────────────────────────────────────
  // A module (apps/api/src/modules/<m>/) is reached only through its public file, index.ts; the app itself may also
  // register a module's routes.ts, and tests may use a module's testing.ts helpers. Only the platform gate
  // (apps/api/src/chain/gate) signs with a platform key. The chain kernel (apps/api/src/chain) imports no module.
  ...apiBoundaries(),
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
 * The API's boundaries as path zones (import-x/no-restricted-paths), like the web's: the rule resolves each import —
 * static, `export … from`, type-only and dynamic `import()` alike — and reports one whose file lies in a zone the
 * importing file may not reach, however it is spelled. The rule takes one list per file, so each kind of file (a
 * module's product code, a module's tests, the app, the gate, tests outside the modules) gets one block with all the
 * zones that apply to it.
 */
function apiBoundaries() {
  const src = './apps/api/src';
  const moduleMessage = 'Import another API module only through its public file (index.ts), not its internal files.';
  const gateMessage = 'Only the platform gate (apps/api/src/chain/gate) signs with a platform key: send through authorizePlatformSend.';
  const chainMessage = 'The chain kernel (apps/api/src/chain) imports no module: modules call the kernel, never the reverse.';
  const modules = readdirSync(join(repoDir, src, 'modules'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  // globs: a glob zone's exceptions are globs matched against the imported file's absolute path
  const publicFiles = (files) => files.map((file) => `**/apps/api/src/modules/*/${file}`);
  const intoModules = (target, files, extra = []) => ({
    target,
    from: `${src}/modules/**`,
    except: [...publicFiles(files), ...extra],
    message: moduleMessage,
  });
  // a module's own files are its business: every module gets its zone, read from the modules folder
  const eachModule = (files) => modules.map(({ name }) => intoModules(`${src}/modules/${name}`, files, [`**/apps/api/src/modules/${name}/**`]));
  const vault = { target: src, from: `${src}/chain/gate/key-vault.ts`, message: gateMessage };
  const kernel = { target: `${src}/chain`, from: `${src}/modules`, message: chainMessage };
  const tests = ['apps/api/src/**/*.test.ts', 'apps/api/src/**/testing.ts', 'apps/api/src/**/testing/**'];
  const moduleTests = tests.map((glob) => glob.replace('src/**', 'src/modules/**'));
  const gate = ['apps/api/src/chain/gate/**', 'apps/api/src/chain/keys/platform-key.ts'];
  return [
    { ignores: ['apps/api/test/fixtures/boundaries/**', 'apps/api/test/fixtures/gate/**'] },
    // a module's product code: other modules through index.ts only
    { files: ['apps/api/src/modules/**/*.ts'], ignores: moduleTests, ...zones([...eachModule(['index.ts']), vault]) },
    // a module's tests and test helpers may also use another module's testing.ts
    { files: moduleTests, ...zones(eachModule(['index.ts', 'testing.ts', 'testing/**'])) },
    // the app (app.ts, api-routes.ts, plugins, realtime…): index.ts, and routes.ts to register a module's routes
    {
      files: ['apps/api/src/**/*.ts'],
      ignores: ['apps/api/src/modules/**', ...tests, ...gate],
      ...zones([intoModules(src, ['index.ts', 'routes.ts']), vault, kernel]),
    },
    { files: gate, ignores: tests, ...zones([intoModules(src, ['index.ts', 'routes.ts']), kernel]) },
    // tests outside the modules: also testing.ts
    {
      files: ['apps/api/test/**/*.ts', ...tests],
      ignores: ['apps/api/src/modules/**'],
      ...zones([intoModules('./apps/api', ['index.ts', 'routes.ts', 'testing.ts', 'testing/**'])]),
    },
  ];
}

/**
 * The rules that keep the API's outbound requests in lib/outbound-http.ts (see where it is used): the global fetch
 * (also as globalThis.fetch), undici and node-fetch, and node:http(s)' request functions. Syntax selectors, not
 * `no-restricted-imports`, so a dynamic `import()` and a `require` are caught too and named imports are told apart.
 * Tests and their stand-ins (test files, testing/ folders, testing.ts) play the outside world and may send requests.
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
