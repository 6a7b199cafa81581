/**
 * The Node server as one compiled file, dist-server/server/main.js (`npm run build:server`), run
 * by plain `node`: no TypeScript loader at run time. A Vite SSR build of src/server/main.ts: our
 * own modules (the service, the API table, the rules) are bundled in; packages stay imports.
 *
 * The server is a deployable of its own: beside the bundle, dist-server/package.json lists exactly
 * the packages the bundle imports (read from the bundle itself, so it cannot drift), each at the
 * version the root package-lock.json holds, and dist-server/package-lock.json is the root lock cut
 * down to those packages and what they need. So `cd dist-server && npm ci --omit=dev` installs the
 * very versions the tests ran with and nothing else (no Vite, no Storybook), and
 * `node server/main.js` runs. The root package.json stays the component library's manifest, whose
 * `dependencies` are what its consumers install (docs/server.md).
 */
import { builtinModules } from 'node:module';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = 'dist-server/server';
/** dist-server/: the server's package (package.json, package-lock.json), the app, the bundle. */
const PACKAGE_DIR = 'dist-server';

/**
 * The SQL migrations beside the bundle: the store finds them at `./migrations` next to its own
 * module (src/server/db/connect.ts), which in the bundle is main.js.
 */
function copyMigrations(): Plugin {
  let outDir = OUT_DIR;
  return {
    name: 'murmur:copy-migrations',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      cpSync('src/server/db/migrations', `${outDir}/migrations`, { recursive: true });
    },
  };
}

interface LockEntry {
  version?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface Lock {
  packages: Record<string, LockEntry>;
}

/** `drizzle-orm/pglite/migrator` → `drizzle-orm`; `@hono/node-server/conninfo` → `@hono/node-server`. */
export function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('\0')) {
    return undefined;
  }
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '')) {
    return undefined;
  }
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Where `name` is found from the lock entry at `from` (Node's lookup: its own node_modules, then
 * each enclosing one up to the top), or undefined when the lock has it nowhere on that path.
 */
function resolveInLock(lock: Lock, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

/**
 * The root lock cut down to `names` and everything they need: their dependencies, optional
 * dependencies (the native builds of @node-rs/argon2 for each platform) and required peers, at the
 * places the root lock put them. A package reached only through optional edges stays optional.
 */
export function serverLock(
  lock: Lock,
  names: readonly string[],
  root: { name: string; version: string },
) {
  const required = new Set<string>();
  const all = new Set<string>();
  const visit = (path: string, optional: boolean) => {
    const seen = optional ? all : required;
    if (seen.has(path)) return;
    seen.add(path);
    all.add(path);
    const entry = lock.packages[path];
    if (entry === undefined) throw new Error(`package-lock.json has no ${path}`);
    const edges: [string, boolean][] = [
      ...Object.keys(entry.dependencies ?? {}).map((name): [string, boolean] => [name, false]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, boolean] => [
        name,
        true,
      ]),
      ...Object.keys(entry.peerDependencies ?? {})
        .filter((name) => entry.peerDependenciesMeta?.[name]?.optional !== true)
        .map((name): [string, boolean] => [name, false]),
    ];
    for (const [name, optionalEdge] of edges) {
      const found = resolveInLock(lock, path, name);
      if (found === undefined) {
        if (optionalEdge) continue;
        throw new Error(`package-lock.json has no ${name} for ${path}`);
      }
      visit(found, optional || optionalEdge);
    }
  };
  const dependencies: Record<string, string> = {};
  for (const name of [...names].sort()) {
    const path = `node_modules/${name}`;
    const version = lock.packages[path]?.version;
    if (version === undefined) throw new Error(`package-lock.json has no ${path}`);
    dependencies[name] = version;
    visit(path, false);
  }
  const packages: Record<string, LockEntry> = { '': { ...root, dependencies } };
  for (const path of [...all].sort()) {
    // The root's flags (dev, optional, peer) describe the root's graph, not this one.
    const entry = Object.fromEntries(
      Object.entries(lock.packages[path] ?? {}).filter(
        ([key]) => !['dev', 'optional', 'devOptional', 'peer'].includes(key),
      ),
    );
    packages[path] = required.has(path) ? entry : { ...entry, optional: true };
  }
  return {
    dependencies,
    lock: { name: root.name, version: root.version, lockfileVersion: 3, requires: true, packages },
  };
}

/**
 * dist-server/package.json and package-lock.json: the packages the bundle imports, from the chunks
 * Rollup wrote (static and dynamic imports alike), at the root lock's versions.
 */
function serverPackage(): Plugin {
  const imported = new Set<string>();
  return {
    name: 'murmur:server-package',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const specifier of [...chunk.imports, ...chunk.dynamicImports]) {
          // Our own chunks are named by their file name (`assets/endpoints-….js`).
          if (specifier in bundle) continue;
          const name = packageName(specifier);
          if (name !== undefined) imported.add(name);
        }
      }
    },
    closeBundle() {
      const rootPackage = JSON.parse(readFileSync('package.json', 'utf8')) as {
        version: string;
        engines?: Record<string, string>;
      };
      const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
      const root = { name: 'murmur-server', version: rootPackage.version };
      const { dependencies, lock: serverLockFile } = serverLock(lock, [...imported], root);
      const manifest = {
        ...root,
        private: true,
        description: "Murmur's server: `npm ci --omit=dev`, then `node server/main.js`.",
        type: 'module',
        engines: rootPackage.engines,
        scripts: { start: 'node server/main.js' },
        dependencies,
      };
      writeFileSync(`${PACKAGE_DIR}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
      writeFileSync(
        `${PACKAGE_DIR}/package-lock.json`,
        `${JSON.stringify(serverLockFile, null, 2)}\n`,
      );
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [copyMigrations(), serverPackage()],
  build: {
    ssr: 'src/server/main.ts',
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
});
