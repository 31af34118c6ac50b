// The probe's figure (SPEC §5): a forest plot with one row per suffix and one marker + 95% CI whisker per
// scoring path, on a shared nats axis with the zero line drawn. Plain SVG text, no dependencies, so the
// artifact folder opens in any browser and the dashboard can inline it.
import type { BaitProbeResult } from "./bait-probe.js";

const COLORS = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];
const ROW = 22;
const LEFT = 150;
const PLOT = 460;
const TOP = 40;
const RIGHT = 120;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function niceTicks(lo: number, hi: number): number[] {
  const span = hi - lo || 1;
  const raw = span / 6;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) ticks.push(Number(t.toFixed(10)));
  return ticks;
}

export function forestPlotSvg(result: BaitProbeResult, title = "Bait-suffix probe: change in laughter mass L"): string {
  const values = result.suffixes.flatMap((s) => Object.values(s.paths).flatMap((d) => (d.ci ? d.ci : d.mean === null ? [] : [d.mean])));
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const pad = (hi - lo || 1) * 0.05;
  const [xmin, xmax] = [lo - pad, hi + pad];
  const x = (v: number) => LEFT + ((v - xmin) / (xmax - xmin)) * PLOT;
  const rows = result.suffixes.length;
  const height = TOP + rows * ROW + 60;
  const width = LEFT + PLOT + RIGHT;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${esc(title)}</text>`,
    `<text x="${width / 2}" y="32" text-anchor="middle" fill="#555">mean Δ ${result.unit} per context with 95% CI, n = ${result.contexts} contexts</text>`,
  ];
  const axisY = TOP + rows * ROW + 4;
  for (const t of niceTicks(xmin, xmax)) {
    out.push(`<line x1="${x(t)}" y1="${TOP}" x2="${x(t)}" y2="${axisY}" stroke="#eee"/>`);
    out.push(`<text x="${x(t)}" y="${axisY + 14}" text-anchor="middle" fill="#555">${t}</text>`);
  }
  out.push(`<line x1="${x(0)}" y1="${TOP - 4}" x2="${x(0)}" y2="${axisY}" stroke="#333" stroke-dasharray="3,3"/>`);
  out.push(`<text x="${LEFT + PLOT / 2}" y="${axisY + 30}" text-anchor="middle">Δ L (${result.unit}) after appending the suffix</text>`);
  const offset = (i: number) => (i - (result.paths.length - 1) / 2) * 6;
  result.suffixes.forEach((s, r) => {
    const cy = TOP + r * ROW + ROW / 2;
    if (r % 2 === 0) out.push(`<rect x="0" y="${cy - ROW / 2}" width="${width}" height="${ROW}" fill="#f7f7f7" opacity="0.6"/>`);
    out.push(`<text x="${LEFT - 8}" y="${cy + 4}" text-anchor="end"${s.control ? ' font-style="italic" fill="#666"' : ""}>${esc(s.label)}${s.control ? " (control)" : ""}</text>`);
    result.paths.forEach((p, i) => {
      const d = s.paths[p.name];
      if (!d || d.mean === null) return;
      const y = cy + offset(i);
      const c = COLORS[i % COLORS.length];
      if (d.ci) out.push(`<line x1="${x(d.ci[0])}" y1="${y}" x2="${x(d.ci[1])}" y2="${y}" stroke="${c}" stroke-width="1.5"/>`);
      out.push(`<circle cx="${x(d.mean)}" cy="${y}" r="3.5" fill="${c}"><title>${esc(`${s.label} ${p.name}: ${d.mean.toFixed(2)} ${result.unit}`)}</title></circle>`);
    });
    const verdict = Object.values(s.verdicts).at(-1);
    if (verdict && !s.control) out.push(`<text x="${LEFT + PLOT + 8}" y="${cy + 4}" fill="#333">${esc(verdict)}</text>`);
  });
  result.paths.forEach((p, i) => {
    const lx = LEFT + i * 130;
    out.push(`<circle cx="${lx}" cy="${height - 10}" r="4" fill="${COLORS[i % COLORS.length]}"/>`);
    out.push(`<text x="${lx + 8}" y="${height - 6}">${esc(p.name)} path${p.mode === "none" ? " (no strip)" : ` (${p.mode}, ${p.vocab})`}</text>`);
  });
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
