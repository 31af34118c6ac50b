// Builds the dashboard's web assets (web/ → web/dist) with Vite's JS API when they are missing or older
// than their sources, so `foolsgold ui` needs no manual build step.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const WEB_ROOT = resolve(import.meta.dirname, "../../web");
export const WEB_DIST = join(WEB_ROOT, "dist");

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when web/dist/index.html is missing or older than any source file. */
export function webBuildStale(root = WEB_ROOT): boolean {
  const built = join(root, "dist", "index.html");
  if (!existsSync(built)) return true;
  const sources = ["index.html", "vite.config.ts", "src"].map((p) => join(root, p)).filter((p) => existsSync(p));
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

/**
 * Builds when stale; returns whether a build ran. The build goes to a private folder that then replaces
 * web/dist in one rename, so a dashboard serving web/dist never sees a half-written build (two processes
 * may build at once, e.g. parallel test files on a fresh checkout).
 */
export async function ensureWebBuild(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<boolean> {
  if (!options.force && !webBuildStale()) return false;
  options.log?.("foolsgold ui: building the dashboard (web/ → web/dist)…");
  const { build } = await import("vite");
  const staging = join(WEB_ROOT, `.dist-${process.pid}-${Date.now()}`);
  const retired = `${staging}-old`;
  try {
    await build({ root: WEB_ROOT, configFile: join(WEB_ROOT, "vite.config.ts"), logLevel: "warn", build: { outDir: staging, emptyOutDir: true } });
    if (existsSync(WEB_DIST)) renameSync(WEB_DIST, retired);
    try {
      renameSync(staging, WEB_DIST);
    } catch (err) {
      // Another process put its build (of the same sources) in place between the two renames: keep it.
      if (!existsSync(WEB_DIST)) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(retired, { recursive: true, force: true });
  }
  return true;
}
