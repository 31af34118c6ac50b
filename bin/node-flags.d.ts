// Types of ./node-flags.js (plain JS: bin/foolsgold.js reads it before any TypeScript loader).
export declare const SCORE_NODE_FLAGS: readonly string[];
export declare const NODE_FLAGS_ENV: "FOOLSGOLD_NODE_FLAGS";
export declare const MIN_BYTES_PER_THREAD: number;
export declare function asksForThreads(args: readonly string[], cores: number, sizeOf: (path: string) => number): boolean;
export declare function nodeFlagsFor(args: readonly string[], env: Record<string, string | undefined>, execArgv: readonly string[], machine: { cores: number; sizeOf: (path: string) => number }): string[];
