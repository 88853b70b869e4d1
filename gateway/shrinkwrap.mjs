#!/usr/bin/env node
/**
 * Pins the gateway's installed tree to the one the tests ran: its runtime dependencies, each at the version, integrity
 * and folder the repository's package-lock.json gives. Without a pin a server resolved the gateway's ranges afresh: on
 * Node 20 that gave light-my-request 6.8.1 and cookie 2.0.2 (Node >= 22 only, EBADENGINE), where the root's
 * `overrides` had pinned light-my-request ~6.6.0 for the tests, and an `overrides` never travels in a tarball.
 * Writes, from package-lock.json:
 * - gateway/npm-shrinkwrap.json, in the tarball: the tree a registry install of the package follows;
 * - gateway/deploy/server/package.json and package-lock.json: the folder a server installs the tarball in, with
 *   `npm ci --omit=dev` beside the tarball. npm reads no shrinkwrap from a tarball given by file (its manifest never
 *   says it has one: npm/cli#5349), so the server's own lockfile holds the same tree, inside the gateway's folder.
 *
 *   node gateway/shrinkwrap.mjs           writes the three files (npm run shrinkwrap --workspace gateway)
 *   node gateway/shrinkwrap.mjs --check   exits 1 when one is not what package-lock.json gives (prepack runs it)
 *   node gateway/shrinkwrap.mjs --stdin   prints the shrinkwrap for the package-lock.json text read from stdin
 *
 * The tree is the lockfile's, pruned to what the gateway needs at run time: each package in the folder it has in the
 * repository, so each one finds its dependencies where it found them in the tests (a folder that node's lookup passed
 * over in the full tree is absent from the pruned one too). @index-data/wire and what it needs travel in the tarball
 * (bundle-wire.mjs), so they are `inBundle`: no registry is asked for them.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const GATEWAY = dirname(fileURLToPath(import.meta.url));
const ROOT = join(GATEWAY, "..");
const LOCKFILE = join(ROOT, "package-lock.json");
/** The files written, by their path from the repository's root. */
export const PINNED = [
  "gateway/npm-shrinkwrap.json",
  "gateway/deploy/server/package.json",
  "gateway/deploy/server/package-lock.json",
];
/** The gateway's folder in the repository, as the lockfile names it. */
const WORKSPACE = "gateway";
/** What the lockfile says about the repository's tree, or a workspace's development, not the gateway's installed tree. */
const REPOSITORY_ONLY = ["dev", "devOptional", "optional", "peer", "inBundle", "link", "resolved", "devDependencies"];

/** The folder that `name`, required from the package in `from`, resolves to: node's lookup, folder by folder up. */
function lookup(packages, from, name) {
  for (let dir = from; ; dir = dir.includes("/node_modules/") ? dir.slice(0, dir.lastIndexOf("/node_modules/")) : "") {
    const candidate = dir === "" ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (dir === "") return undefined;
  }
}

/** The entry at `path`, followed through a workspace link (node_modules/@index-data/wire → packages/wire). */
function target(packages, path) {
  const entry = packages[path];
  return entry?.link === true ? { path: entry.resolved, entry: packages[entry.resolved] } : { path, entry };
}

/** The dependency edges of an entry: [name, kind], optional peers only when something else brings them. */
function edgesOf(entry) {
  const optionalPeers = new Set(
    Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional === true)
      .map(([name]) => name),
  );
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => [name, "prod"]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, "optional"]),
    ...Object.keys(entry.peerDependencies ?? {}).map((name) => [
      name,
      optionalPeers.has(name) ? "optional-peer" : "peer",
    ]),
  ];
}

/** A package of the gateway's tree: its folder in the repository and in the installed package, and how it is reached. */
function visit(reached, queue, packages, step) {
  const seen = reached.get(step.path);
  if (seen !== undefined && (seen.viaBundle || seen.required || !step.required)) return;
  reached.set(step.path, step);
  queue.push({ ...step, ...target(packages, step.path) });
}

/** Follows every edge from what is queued, until nothing is left. */
function walk(reached, queue, packages) {
  while (queue.length > 0) {
    const { path, entry, required, viaBundle } = queue.shift();
    for (const [name, kind] of edgesOf(entry)) {
      const found = lookup(packages, path, name);
      if (found === undefined) {
        if (kind === "prod" || kind === "peer")
          throw new Error(`${path} needs ${name}, which package-lock.json does not have: run npm install`);
        continue;
      }
      if (kind === "optional-peer") continue;
      // bundle-wire.mjs copies the bundle flat; the rest keeps its folder (the workspace's own node_modules is the
      // package's own).
      const installed = viaBundle
        ? `node_modules/${name}`
        : found.startsWith(`${WORKSPACE}/node_modules/`)
          ? found.slice(WORKSPACE.length + 1)
          : found;
      visit(reached, queue, packages, { path: found, installed, required: required && kind !== "optional", viaBundle });
    }
  }
}

/**
 * Every package the gateway reaches at run time, by its folder in the lockfile: the bundle first (@index-data/wire and
 * what it needs, which bundle-wire.mjs copies flat into the tarball's node_modules), then what the registry provides.
 * An optional peer counts only when something else brings it: it never adds a package.
 */
function closure(packages, gateway) {
  const reached = new Map();
  const queue = [];
  for (const name of gateway.bundleDependencies ?? []) {
    const path = lookup(packages, WORKSPACE, name);
    if (path === undefined) throw new Error(`the bundled ${name} is not in package-lock.json: run npm install`);
    visit(reached, queue, packages, { path, installed: `node_modules/${name}`, required: true, viaBundle: true });
  }
  walk(reached, queue, packages);
  queue.push({ path: WORKSPACE, entry: gateway, required: true, viaBundle: false });
  walk(reached, queue, packages);
  return reached;
}

/** The gateway's npm-shrinkwrap.json (as an object) for a package-lock.json's text. */
function shrinkwrapOf(lockText) {
  const lock = JSON.parse(lockText);
  const packages = lock.packages ?? {};
  const gateway = packages[WORKSPACE];
  if (gateway === undefined) throw new Error(`package-lock.json has no "${WORKSPACE}" workspace: run npm install`);
  const reached = closure(packages, gateway);

  const tree = {};
  for (const { path, installed, required, viaBundle } of reached.values()) {
    if (tree[installed] !== undefined)
      throw new Error(`two packages of the gateway's tree would be ${installed}: run npm dedupe`);
    const entry = target(packages, path).entry;
    const kept = Object.fromEntries(Object.entries(entry).filter(([key]) => !REPOSITORY_ONLY.includes(key)));
    // The folder's name says the package's name, except for an alias (npm writes `name` only then).
    if (installed.endsWith(`node_modules/${kept.name}`)) delete kept.name;
    // A bundled package comes out of the tarball, not the registry: no integrity to check it against.
    if (viaBundle) delete kept.integrity;
    tree[installed] = { ...kept, ...(viaBundle ? { inBundle: true } : {}), ...(required ? {} : { optional: true }) };
  }
  const root = Object.fromEntries(
    ["name", "version", "license", "dependencies", "bundleDependencies", "bin", "engines"]
      .filter((key) => gateway[key] !== undefined)
      .map((key) => [key, gateway[key]]),
  );
  const sorted = Object.keys(tree).sort((a, b) => a.localeCompare(b, "en"));
  return {
    name: gateway.name,
    version: gateway.version,
    lockfileVersion: 3,
    requires: true,
    packages: { "": root, ...Object.fromEntries(sorted.map((path) => [path, tree[path]])) },
  };
}

/** JSON as npm writes it. */
const jsonText = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The server's folder: a package.json that needs the tarball beside it, and a lockfile holding the shrinkwrap's tree
 * inside the gateway's folder (where npm puts a shrinkwrapped dependency's tree).
 */
function serverFolderOf(shrinkwrap) {
  const { name, version, ...gateway } = shrinkwrap.packages[""];
  const tarball = `file:${name}-${version}.tgz`;
  const manifest = {
    name: "desk-gateway",
    private: true,
    description: `The folder the desk's gateway is installed in: ${name}-${version}.tgz beside these two files, then npm ci --omit=dev (docs/gateway.md, Installing it).`,
    dependencies: { [name]: tarball },
  };
  const packages = { "": { name: manifest.name, dependencies: manifest.dependencies } };
  packages[`node_modules/${name}`] = { version, resolved: tarball, ...gateway };
  for (const [path, entry] of Object.entries(shrinkwrap.packages))
    if (path !== "") packages[`node_modules/${name}/${path}`] = entry;
  return { manifest, lock: { name: manifest.name, lockfileVersion: 3, requires: true, packages } };
}

/** Each pinned file's text, by its path from the repository's root, for a package-lock.json's text. */
export function pinnedFiles(lockText) {
  const shrinkwrap = shrinkwrapOf(lockText);
  const server = serverFolderOf(shrinkwrap);
  return new Map([
    [PINNED[0], jsonText(shrinkwrap)],
    [PINNED[1], jsonText(server.manifest)],
    [PINNED[2], jsonText(server.lock)],
  ]);
}

/** Refuses a lockfile whose gateway entry is not gateway/package.json's (someone edited one without npm install). */
function checkManifest(lockText) {
  const manifest = JSON.parse(readFileSync(join(GATEWAY, "package.json"), "utf8"));
  const locked = JSON.parse(lockText).packages?.[WORKSPACE] ?? {};
  for (const key of ["version", "dependencies", "bundleDependencies"]) {
    if (JSON.stringify(manifest[key]) !== JSON.stringify(locked[key]))
      throw new Error(`gateway/package.json's ${key} is not package-lock.json's: run npm install first`);
  }
}

function main() {
  if (process.argv.includes("--stdin")) {
    process.stdout.write(pinnedFiles(readFileSync(0, "utf8")).get(PINNED[0]));
    return;
  }
  const lockText = readFileSync(LOCKFILE, "utf8");
  checkManifest(lockText);
  const files = pinnedFiles(lockText);
  if (process.argv.includes("--check")) {
    const stale = PINNED.filter((path) => {
      try {
        return readFileSync(join(ROOT, path), "utf8") !== files.get(path);
      } catch {
        // Expected: a missing file is out of date like any other.
        return true;
      }
    });
    if (stale.length > 0) {
      console.error(
        `${stale.join(", ")}: not the tree package-lock.json pins; run \`npm run shrinkwrap --workspace gateway\`.`,
      );
      process.exit(1);
    }
    return;
  }
  for (const [path, text] of files) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), text);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    main();
  } catch (error) {
    console.error(`gateway/shrinkwrap.mjs: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
