// Types for scripts/build-stats-vendor.mjs (plain JS: it runs under node, esbuild does the bundling).
export const VENDOR_JS: URL;
export const VENDOR_LICENSE: URL;
/** The bundle's exports: our name → the @stdlib package whose default export it is. */
export const VENDORED: Record<"normalCdf" | "normalQuantile" | "chisquareCdf" | "tCdf" | "tQuantile", string>;
/** The vendored file and its license file as the script writes them now, and every bundled package's version. */
export function buildStdlibVendor(): Promise<{ js: string; license: string; packages: Record<string, string> }>;
