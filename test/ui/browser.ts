// Real headless Chromium (Debian's package) driven by playwright-core; tests skip, saying why, without it.
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = process.env.FOOLSGOLD_CHROMIUM ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const chromiumSkipReason = `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set FOOLSGOLD_CHROMIUM)`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Screenshots land in test-artifacts/ui (gitignored); with FOOLSGOLD_UPDATE_SCREENSHOTS=1 also in docs/img. */
export const SHOTS = resolve(import.meta.dirname, "../../test-artifacts/ui");
export const DOC_IMAGES = resolve(import.meta.dirname, "../../docs/img");
export function shotPaths(name: string): string[] {
  mkdirSync(SHOTS, { recursive: true });
  const out = [resolve(SHOTS, `${name}.png`)];
  if (process.env.FOOLSGOLD_UPDATE_SCREENSHOTS === "1") {
    mkdirSync(DOC_IMAGES, { recursive: true });
    out.push(resolve(DOC_IMAGES, `${name}.png`));
  }
  return out;
}
