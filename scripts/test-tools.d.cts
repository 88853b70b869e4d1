// Types of scripts/test-tools.cjs for the TypeScript tests.
export type Located =
  { readonly path: string; readonly problem?: undefined } | { readonly path?: undefined; readonly problem: string };
export declare const INSTALL_HINT: string;
export declare function findChromium(env?: NodeJS.ProcessEnv): Located;
export declare function findRedisServer(env?: NodeJS.ProcessEnv): Located;
