// Puts @index-data/wire (built) and the packages it needs into gateway/node_modules while `npm pack` runs, so that the
// gateway's tarball carries them (bundleDependencies in package.json) and installing it never asks a registry for
// @index-data/wire, a name that is ours but not published: whoever published it could otherwise run code on the server.
// npm 11 leaves a workspace's bundled dependency out when it lives in the root's node_modules (npm/cli#3466), hence
// real copies here. `node bundle-wire.mjs` stages them (prepack); `node bundle-wire.mjs clean` removes them (postpack,
// and before every build, so a stale copy never shadows packages/wire).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const gateway = dirname(fileURLToPath(import.meta.url));
const modules = join(gateway, "node_modules");
const marker = join(modules, ".staged-by-bundle-wire");
const wire = join(gateway, "..", "packages", "wire");

/** Removes what stage() put there; a node_modules that npm made (no marker) is left alone. */
function clean() {
  if (existsSync(marker)) rmSync(modules, { recursive: true, force: true });
}

function readPackage(dir) {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
}

/** The folder that `name` required from `from` resolves to (node's lookup: node_modules, folder by folder upward). */
function installed(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`bundle-wire: ${name} (needed by ${from}) is not installed: run npm ci`);
  }
}

function stage() {
  clean();
  if (existsSync(modules) && readdirSync(modules).length > 0)
    throw new Error(`bundle-wire: ${modules} holds packages npm put there, and the bundle is staged in an empty one`);
  mkdirSync(modules, { recursive: true });
  writeFileSync(marker, "gateway/bundle-wire.mjs staged this folder for npm pack; postpack removes it.\n");

  // @index-data/wire as its own tarball would hold it: package.json and its "files" (the build in dist/).
  const wirePackage = readPackage(wire);
  const target = join(modules, ...wirePackage.name.split("/"));
  for (const entry of ["package.json", ...wirePackage.files]) {
    if (!existsSync(join(wire, entry))) throw new Error(`bundle-wire: ${join(wire, entry)} is missing: build it first`);
    cpSync(join(wire, entry), join(target, entry), { recursive: true });
  }

  // What it needs at run time, flat beside it: npm installs no dependency of a bundled package, so they travel too.
  const staged = new Map();
  const queue = Object.keys(wirePackage.dependencies ?? {}).map((name) => ({ name, from: wire }));
  while (queue.length > 0) {
    const { name, from } = queue.shift();
    const source = installed(name, from);
    // A package nested in the one that needs it was copied with it (wire's own folder is not copied whole).
    if (from !== wire && relative(from, source).split(sep)[0] !== "..") continue;
    const { version, dependencies = {}, optionalDependencies = {} } = readPackage(source);
    const seen = staged.get(name);
    if (seen !== undefined) {
      if (seen !== version) throw new Error(`bundle-wire: ${name} is needed at ${seen} and at ${version}`);
      continue;
    }
    staged.set(name, version);
    cpSync(source, join(modules, ...name.split("/")), { recursive: true, dereference: true });
    for (const dependency of Object.keys(dependencies)) queue.push({ name: dependency, from: source });
    for (const dependency of Object.keys(optionalDependencies)) {
      try {
        installed(dependency, source);
        queue.push({ name: dependency, from: source });
      } catch {
        // Expected: an optional dependency that is not installed is not bundled either
      }
    }
  }
}

if (process.argv[2] === "clean") clean();
else stage();
