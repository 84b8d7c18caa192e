// Types of scripts/server-build.mjs (plain JavaScript: `npm start` runs it with Node alone).
import type { BuildOptions } from 'esbuild';

/** True when the manifest in `outDir` describes a build of exactly the files as they are now. */
export function serverBuildIsCurrent(root: string, outDir: string, options: BuildOptions): boolean;
/** Builds `options.entryPoints` into `outDir` unless the last build there is current. Resolves to whether it built. */
export function buildServer(root: string, outDir: string, options: BuildOptions): Promise<boolean>;
