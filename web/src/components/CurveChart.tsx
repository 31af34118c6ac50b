// One per-step curve (uPlot: canvas, fast on long training logs) with its 95% band where the series has
// one, the onset as a vertical marker and the onset's interval as a shaded band. The marker is also a
// DOM element placed at the onset's pixel, so it can be read, hovered and tested.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import type { CurveSeries } from "../types.ts";

interface Props {
  steps: number[];
  series: CurveSeries;
  onset: number | null;
  interval: [number, number] | null;
  severe: number | null;
  color: string;
  /** Called with the step under the cursor when the chart is clicked. */
  onStep?: (step: number) => void;
}

export function CurveChart({ steps, series, onset, interval, severe, color, onStep }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const marker = useRef<HTMLDivElement>(null);
  // The latest handler, read at click time, so a new closure from the parent does not rebuild the chart.
  const stepHandler = useRef(onStep);
  stepHandler.current = onStep;
  const clickable = onStep !== undefined;
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const hasBand = series.lo.some((v) => v !== null);
    const data: uPlot.AlignedData = hasBand ? [steps, series.mean, series.lo, series.hi] : [steps, series.mean];
    const place = (u: uPlot) => {
      const ctx = u.ctx;
      const { top, height } = u.bbox;
      const x = (step: number) => u.valToPos(step, "x", true);
      ctx.save();
      if (interval) {
        ctx.fillStyle = "rgba(192, 57, 43, 0.12)";
        ctx.fillRect(x(interval[0]), top, Math.max(1, x(interval[1]) - x(interval[0])), height);
      }
      for (const [step, style] of [
        [onset, "#c0392b"],
        [severe, "#7d3c98"],
      ] as const) {
        if (step === null) continue;
        ctx.strokeStyle = style;
        ctx.lineWidth = 2 * devicePixelRatio;
        ctx.setLineDash(style === "#7d3c98" ? [6, 4] : []);
        ctx.beginPath();
        ctx.moveTo(x(step), top);
        ctx.lineTo(x(step), top + height);
        ctx.stroke();
      }
      ctx.restore();
      if (marker.current && onset !== null) marker.current.style.left = `${u.valToPos(onset, "x") + u.over.offsetLeft}px`;
    };
    const opts: uPlot.Options = {
      width: Math.max(320, el.clientWidth),
      height: 220,
      scales: { x: { time: false } },
      axes: [{ label: "step (training step)" }, { label: `${series.name} (${series.unit})`, size: 60 }],
      series: [
        { label: "step" },
        { label: series.name, stroke: color, width: 1.5, spanGaps: false },
        ...(hasBand
          ? [
              { label: "95% lo", stroke: "transparent", points: { show: false } },
              { label: "95% hi", stroke: "transparent", points: { show: false } },
            ]
          : []),
      ],
      bands: hasBand ? [{ series: [3, 2], fill: `${color}33` }] : [],
      hooks: { draw: [place] },
      legend: { live: true },
    };
    const plot = new uPlot(opts, data, el);
    // uPlot snaps its cursor to the nearest data point, so a click opens the step whose value is shown.
    const click = () => {
      const i = plot.cursor.idx;
      if (stepHandler.current && i !== null && i !== undefined) stepHandler.current(steps[i]);
    };
    plot.over.addEventListener("click", click);
    if (clickable) plot.over.style.cursor = "pointer";
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.over.removeEventListener("click", click);
      plot.destroy();
    };
  }, [steps, series, onset, interval, severe, color, clickable]);
  return (
    <div className="curve" data-series={series.name}>
      <div className="curve-plot" ref={host} />
      {onset !== null && (
        <div className="onset-marker" ref={marker} data-step={onset} title={`onset at step ${onset}${interval ? `, interval [${interval[0]}, ${interval[1]}]` : ""}`}>
          onset {onset}
        </div>
      )}
    </div>
  );
}
