// The "exploit surface": every finding as a point, gain (objective units) against edit cost
// (characters added or changed, log scale), coloured by family. Plain SVG, no dependencies.
import type { HuntReport } from "./report.js";

const COLOURS: Record<string, string> = { markup: "#1f77b4", unicode: "#ff7f0e", padding: "#2ca02c", rearrangement: "#d62728", substitution: "#9467bd", laughter: "#8c564b", vrcli: "#e377c2", mined: "#17becf" };
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function exploitSurfaceSvg(report: HuntReport, width = 640, height = 400): string {
  const pad = { l: 64, r: 130, t: 28, b: 44 };
  const pts = report.findings;
  const w = width - pad.l - pad.r;
  const h = height - pad.t - pad.b;
  const xs = pts.map((p) => Math.log10(Math.max(1, p.cost)));
  const ys = pts.map((p) => p.mean);
  const xMax = Math.max(1, ...xs);
  const yMax = Math.max(1e-9, ...ys, ...pts.map((p) => p.ci[1]));
  const X = (v: number) => pad.l + (v / xMax) * w;
  const Y = (v: number) => pad.t + h - (Math.max(0, v) / yMax) * h;
  const out: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`];
  out.push(`<text x="${pad.l}" y="16" font-size="13">Exploit surface: ${esc(report.stack)}, ${pts.length} findings, ${report.spent} scorer calls</text>`);
  out.push(`<line x1="${pad.l}" y1="${pad.t + h}" x2="${pad.l + w}" y2="${pad.t + h}" stroke="#333"/><line x1="${pad.l}" y1="${pad.t}" x2="${pad.l}" y2="${pad.t + h}" stroke="#333"/>`);
  for (let d = 0; d <= Math.ceil(xMax); d++) out.push(`<text x="${X(d)}" y="${pad.t + h + 14}" text-anchor="middle">${10 ** d}</text>`);
  for (const f of [0, 0.5, 1]) out.push(`<text x="${pad.l - 6}" y="${Y(f * yMax) + 4}" text-anchor="end">${(f * yMax).toPrecision(3)}</text>`);
  out.push(`<text x="${pad.l + w / 2}" y="${height - 8}" text-anchor="middle">edit cost (characters added or changed per row, log scale)</text>`);
  out.push(`<text transform="translate(14 ${pad.t + h / 2}) rotate(-90)" text-anchor="middle">mean gain (${esc(report.unit)}) with 95% CI</text>`);
  pts.forEach((p, i) => {
    const c = COLOURS[p.family] ?? "#555";
    out.push(`<line x1="${X(xs[i])}" y1="${Y(p.ci[0])}" x2="${X(xs[i])}" y2="${Y(p.ci[1])}" stroke="${c}" stroke-opacity="0.5"/>`);
    out.push(
      `<circle cx="${X(xs[i]).toFixed(1)}" cy="${Y(p.mean).toFixed(1)}" r="4" fill="${c}" fill-opacity="0.8"><title>${esc(p.id)}: ${p.mean.toPrecision(3)} (${p.raised.k}/${p.raised.n} rows raised, ${Math.round(p.cost)} chars)</title></circle>`,
    );
  });
  [...new Set(pts.map((p) => p.family))].forEach((fam, i) => {
    out.push(`<circle cx="${width - pad.r + 14}" cy="${pad.t + 10 + i * 16}" r="4" fill="${COLOURS[fam] ?? "#555"}"/><text x="${width - pad.r + 24}" y="${pad.t + 14 + i * 16}">${esc(fam)}</text>`);
  });
  out.push("</svg>");
  return out.join("\n");
}
