// Builds a benchmark entry as production code: webpack in production mode (minified, NODE_ENV "production"), the
// same bundler and TypeScript loader as the add-in's dist/, for Node. The CPU and memory figures are then those of
// the code a trader runs, not of tsx's on-the-fly transform (its export getters and helpers cost 10–20 % more).
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import webpack from "webpack";

/** Where bench bundles go: an ignored folder, never a tracked file. */
export const BENCH_BUILD_DIR = join(__dirname, "..", "test-artifacts", "bench", "bundle");

/**
 * Bundles `entry` (a path) to BENCH_BUILD_DIR/`name`.js for Node; resolves with the bundle's path. `minimize: false`
 * keeps the names, for a profile (`node --cpu-prof`).
 */
export function bundleForNode(entry: string, name: string, minimize = true): Promise<string> {
  const compiler = webpack({
    mode: "production",
    target: "node",
    devtool: false,
    entry,
    output: { path: BENCH_BUILD_DIR, filename: `${name}.js` },
    // The shared package's TypeScript sources, as the add-in's own build reads them (its dist/ is built only to pack).
    resolve: {
      extensions: [".ts", ".js"],
      alias: { "@index-data/wire": join(__dirname, "..", "packages", "wire", "src") },
    },
    module: {
      rules: [
        { test: /\.ts$/, exclude: /node_modules/, use: { loader: "ts-loader", options: { transpileOnly: true } } },
      ],
    },
    optimization: { minimize },
    performance: { hints: false },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString("errors-only")));
      else resolve(join(BENCH_BUILD_DIR, `${name}.js`));
    });
  });
}

/**
 * The production bundle of the add-in the browser benchmarks load: BENCH_DIST, else the test build
 * (build/test-dist/, a webpack production build, rebuilt for this tree when stale).
 */
export function distUnderTest(): string {
  const chosen = process.env["BENCH_DIST"];
  if (chosen !== undefined && chosen !== "") return resolve(chosen);
  const { ensureTestBuild } = createRequire(__filename)("../scripts/test-build.cjs") as {
    ensureTestBuild: () => string;
  };
  return ensureTestBuild();
}
