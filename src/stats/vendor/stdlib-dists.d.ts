// Types of stdlib-dists.js, the five @stdlib distribution functions bundled at build time
// (scripts/build-stats-vendor.mjs, `npm run build:stats`). Each is the @stdlib package's default export.

/** Normal cdf, @stdlib/stats-base-dists-normal-cdf: P(X ≤ x) for X ~ N(mu, sigma²). */
export declare function normalCdf(x: number, mu: number, sigma: number): number;
/** Normal quantile, @stdlib/stats-base-dists-normal-quantile. */
export declare function normalQuantile(p: number, mu: number, sigma: number): number;
/** χ² cdf with k degrees of freedom, @stdlib/stats-base-dists-chisquare-cdf. */
export declare function chisquareCdf(x: number, k: number): number;
/** Student's t cdf with v degrees of freedom, @stdlib/stats-base-dists-t-cdf. */
export declare function tCdf(t: number, v: number): number;
/** Student's t quantile with v degrees of freedom, @stdlib/stats-base-dists-t-quantile. */
export declare function tQuantile(p: number, v: number): number;
/** The @stdlib package and version behind each export, as bundled. */
export declare const STDLIB_VERSIONS: Readonly<Record<string, string>>;
