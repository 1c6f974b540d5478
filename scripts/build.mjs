// @ts-check
// Builds the web app and the server only when their sources changed, so `npm start` pays for a build once.
// Plain JavaScript on purpose: it runs before anything is compiled, and production runs no transpiler.
//
// A build is skipped when the content hash of its inputs equals the hash written beside its output by the last
// successful build (`.inputs-hash`). The inputs are every file the build can read from our workspaces (sources,
// configs, the lock file and this script); overincluding only costs an unneeded rebuild, never a stale one.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = join(ROOT, 'apps/api/dist/server.js');
const WEB_DIST = join(ROOT, 'apps/web/dist');
const HASH_FILE = '.inputs-hash';

/** Folders never read by a build: outputs, dependencies, data, tests and benches. */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'test', 'tests', 'bench', 'coverage', 'test-results', '.vite']);
const SKIP_FILE = /\.(test|spec)\.tsx?$/;

/** The file `dir`, or every file under it that a build may read (relative to the root), sorted so the hash is stable. */
function listInputs(dir) {
  const out = [];
  const walk = (abs) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.data')) walk(path);
      } else if (entry.isFile() && !SKIP_FILE.test(entry.name)) out.push(path);
    }
  };
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return out;
  if (statSync(abs).isFile()) return [abs];
  walk(abs);
  return out.sort();
}

/** sha256 over the inputs' paths and contents. */
function hashInputs(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

const COMMON_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];

/** @typedef {{ name: string, inputs: string[], outDir: string, build: () => Promise<void> }} Target */

/** @type {Target} */
const web = {
  name: 'web app',
  inputs: ['apps/web', 'packages/domain', 'packages/contracts', 'packages/escrow/src'],
  outDir: WEB_DIST,
  build: () => run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], join(ROOT, 'apps/web')),
};

/** @type {Target} */
const server = {
  name: 'server',
  inputs: ['apps/api/src', 'apps/api/drizzle', 'apps/api/package.json', 'apps/localnet/src', 'apps/localnet/package.json', 'packages/domain', 'packages/contracts', 'packages/escrow/src', 'packages/escrow/package.json'],
  outDir: dirname(SERVER_BUNDLE),
  // The template is made beside the server's bundle, not after it: its own small bundle, then its initdb process.
  build: async () => {
    const templateMaker = join(dirname(SERVER_BUNDLE), 'make-pglite-template.js');
    await Promise.all([
      bundleServer(),
      bundle(join(ROOT, 'apps/api/src/db/make-pglite-template.ts'), templateMaker, { splitting: false }).then(() =>
        // Liftoff only: this short-lived process runs PostgreSQL's initdb once, and V8's optimising compiler would
        // spend more CPU compiling PGlite's WebAssembly than it saves (about 40% of the process's CPU time).
        run(process.execPath, ['--liftoff-only', templateMaker], ROOT),
      ),
    ]);
  },
};

/**
 * The server as one ESM file: our workspaces' TypeScript compiled in, npm packages left to node_modules (they are
 * JavaScript already, and some load files of their own: PGlite's WebAssembly, pino's workers). A module the server
 * loads with import() only when configured (the AWS SDK with S3, grammY with Telegram) goes into a chunk of its own,
 * so its npm packages are not imported at start.
 */
export const bundleServer = (outfile = SERVER_BUNDLE) => bundle(join(ROOT, 'apps/api/src/server.ts'), outfile, { splitting: true });

async function bundle(entry, outfile, { splitting }) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [{ in: entry, out: basename(outfile, '.js') }],
    outdir: dirname(outfile),
    splitting,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // CommonJS dependencies bundled into ESM call require(); give them one.
    banner: { js: "import { createRequire as __jellyRequire } from 'node:module'; const require = __jellyRequire(import.meta.url);" },
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          // A bare import is an npm package unless it is ours (@jelly/*: TypeScript sources) or JSON (node needs an
          // import attribute to load JSON as a module, which some packages omit).
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@jelly/') || args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds the target unless its output was built from exactly these inputs; returns whether it built. */
async function buildIfChanged(target, { force = false } = {}) {
  const hash = hashInputs([...COMMON_INPUTS, ...target.inputs].flatMap(listInputs));
  const stamp = join(target.outDir, HASH_FILE);
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return false;
  const started = Date.now();
  await target.build();
  writeFileSync(stamp, `${hash}\n`);
  console.log(`[build] ${target.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/** The web app's build, if its inputs changed (in its own process); resolves with whether it built. */
export const buildWeb = (options = {}) => buildIfChanged(web, options);

/** The server's build and the database template, if their inputs changed; resolves with whether it built. */
export const buildServer = (options = {}) => buildIfChanged(server, options);

/** Both builds, in parallel. */
export async function buildAll(options = {}) {
  await Promise.all([buildWeb(options), buildServer(options)]);
}

// `node scripts/build.mjs [--force]` builds what changed (`--force`: both); `--server-bundle <file>` only bundles
// the server into that file (under apps/api, so it finds the package's files as dist/server.js does).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const bundleAt = args.indexOf('--server-bundle');
  if (bundleAt >= 0 && args[bundleAt + 1]) await bundleServer(args[bundleAt + 1]);
  else await buildAll({ force: args.includes('--force') });
}
