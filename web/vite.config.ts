// The dashboard's build (served by `foolsgold ui`). Vite 8 transforms JSX itself (oxc), so no React
// plugin is needed: the automatic runtime imports react/jsx-runtime where JSX appears.
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  logLevel: "warn",
});
