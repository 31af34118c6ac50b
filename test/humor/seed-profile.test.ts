// The seed profile reproduces humor-stack-1 (main before issue #22) bit for bit, and every resolved
// humor option is part of the instrument hash. The fixture's scores were recorded from main at the
// commit named in it, on test/humor/fixtures/office-bank.jsonl (hand-written office conversations), with
// the embedded models.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { createHumorScorer, humorOptions, resolveHumorSettings } from "../../src/stacks/humor.js";
import { assembleSession, type TurnMeasurements } from "../../src/terms/humor/session.js";
import type { TranscriptRow } from "../../src/core/types.js";

const fixtures = new URL("./fixtures/", import.meta.url);
const bank: TranscriptRow[] = readFileSync(new URL("office-bank.jsonl", fixtures), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
interface Recorded {
  preset: "RL-C" | "RL-E";
  id: string;
  measured: TurnMeasurements[];
  credit: number[];
  r: number[];
  F: number;
  S: number;
  B: 0 | 1;
  meanTaste: number;
  trainingReward: number;
  C: number;
}
const main: { recorded_from: string; sessions: Recorded[] } = JSON.parse(readFileSync(new URL("office-bank.main-scores.json", fixtures), "utf8"));

describe("seed profile = humor-stack-1, bit for bit", () => {
  it("turns main's measurements into main's scores exactly (both presets, every session)", () => {
    expect(main.sessions).toHaveLength(10);
    for (const rec of main.sessions) {
      const settings = resolveHumorSettings(humorOptions.parse({ profile: "seed", preset: rec.preset }));
      const b = assembleSession(rec.measured, settings);
      expect(b.turns.map((t) => t.credit)).toEqual(rec.credit);
      expect(b.turns.map((t) => t.r)).toEqual(rec.r);
      expect([b.F, b.S, b.B, b.meanTaste, b.trainingReward, b.C]).toEqual([rec.F, rec.S, rec.B, rec.meanTaste, rec.trainingReward, rec.C]);
    }
  });

  it("the hardened profile scores the same measurements differently (so the check above can fail)", () => {
    const rec = main.sessions.find((s) => s.preset === "RL-E" && s.id === "office-3")!;
    // The recorded measurements have no relevance r, so the hardened profile with its older linear credit.
    const b = assembleSession(rec.measured, resolveHumorSettings(humorOptions.parse({ credit: "linear" })));
    expect(b.trainingReward).toBeLessThan(rec.trainingReward);
    expect(b.C).toBeLessThan(rec.C);
  });

  // main recorded g and s with the TF.js runtime of the embedder; the ONNX runtime (the default since
  // issue #20) runs the same weights, so it is checked to float32 rounding rather than to the bit.
  for (const runtime of ["tfjs", "onnx"] as const) {
    describe(`live, on the embedded models (embedder runtime ${runtime})`, () => {
      let server: { baseUrl: string; close(): Promise<void> };
      let roles: { audience: ModelClient; embedder: ModelClient };
      const before = process.env.FOOLSGOLD_EMBED_RUNTIME;
      beforeAll(async () => {
        process.env.FOOLSGOLD_EMBED_RUNTIME = runtime;
        server = await startEmbeddedServer();
        roles = {
          audience: createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" }),
          embedder: createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" }),
        };
      });
      afterAll(async () => {
        await server?.close();
        if (before === undefined) delete process.env.FOOLSGOLD_EMBED_RUNTIME;
        else process.env.FOOLSGOLD_EMBED_RUNTIME = before;
      });

      it(`measures main's g and s ${runtime === "tfjs" ? "exactly" : "to within 1e-6"} (the audience's L depends on the LM build, checked above through main's L)`, async () => {
        const scorer = createHumorScorer({ profile: "seed", preset: "RL-C", taste: { mode: "topk" } }, roles);
        for (const row of bank) {
          const rec = main.sessions.find((s) => s.preset === "RL-C" && s.id === row.id)!;
          const { breakdown } = await scorer.scoreSession(row);
          const got = breakdown.turns.map((t) => [t.index, t.g, t.s, t.screen]);
          const want = rec.measured.map((t) => [t.index, t.g, t.s, t.screen]);
          if (runtime === "tfjs") expect(got).toEqual(want);
          else {
            expect(got.map(([i, , , screen]) => [i, screen])).toEqual(want.map(([i, , , screen]) => [i, screen]));
            got.forEach(([, g, sv], k) => {
              expect(Math.abs((g as number) - (want[k][1] as number))).toBeLessThan(1e-6);
              expect(Math.abs((sv as number) - (want[k][2] as number))).toBeLessThan(1e-6);
            });
          }
        }
      });
    });
  }
});

describe("the instrument hash covers every resolved humor option", () => {
  const roles = {
    audience: createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "lm" }),
    embedder: createOpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "emb" }),
  };
  const hash = (o: Record<string, unknown>) => createHumorScorer(o, roles).instrument.hash;
  // One change per option; `concurrency` is an execution detail and must not change the hash.
  const changes: Record<string, Record<string, unknown>> = {
    profile: { profile: "seed" },
    preset: { preset: "RL-D" },
    "weights.floor": { weights: { floor: 0.3 } },
    "weights.rep": { weights: { rep: 0.3 } },
    "weights.taste": { weights: { taste: 0.5 } },
    "weights.screen": { weights: { screen: -1 } },
    floor: { floor: 0.12 },
    ceiling: { ceiling: 0.6 },
    window: { window: 3 },
    credit: { credit: "linear" },
    repetition: { repetition: "beyond-partner" },
    "taste.mode": { taste: { mode: "topk" } },
    "taste.k": { taste: { k: 10 } },
    "taste.L_lo": { taste: { L_lo: -21 } },
    "taste.L_hi": { taste: { L_hi: -3 } },
    "normalization.mode": { normalization: { mode: "v1" } },
    "normalization.vocab": { normalization: { vocab: "v2-seed" } },
    laughter: { laughter: "vocab" },
    screens: { screens: "humor-screens-1" },
    "certified.formula": { certified: { formula: "humor-C-1" } },
    "certified.w_t": { certified: { w_t: 0.5 } },
    value: { value: "training" },
    policy_speaker: { policy_speaker: "assistant" },
  };

  it("changes with each option, and the list above names every option", () => {
    const base = hash({});
    const seen = new Set([base]);
    for (const [key, change] of Object.entries(changes)) {
      const h = hash(change);
      expect(h, key).not.toBe(base);
      seen.add(h);
    }
    expect(seen.size).toBe(Object.keys(changes).length + 1);
    expect(hash({ concurrency: 3 })).toBe(base);
    // Every leaf of the resolved options (defaults filled in) must be in `changes`.
    const leaves = (o: unknown, prefix = ""): string[] => (o !== null && typeof o === "object" && !Array.isArray(o) ? Object.entries(o).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k)) : [prefix]);
    const resolved = humorOptions.parse({
      weights: { floor: 0.2, rep: 0.2, taste: 0.6, screen: -0.5 },
      credit: "relevance",
      repetition: "seed",
      normalization: { mode: "v2", vocab: "v3" },
      laughter: "meaning",
      screens: "humor-screens-3",
      certified: { formula: "humor-C-3" },
    });
    expect(
      leaves(resolved)
        .filter((k) => k !== "concurrency")
        .sort(),
    ).toEqual(Object.keys(changes).sort());
  });

  it("resolves the profile's choices into the instrument", () => {
    const hardened = createHumorScorer({}, roles).instrument.options as Record<string, unknown>;
    expect(hardened).toMatchObject({
      profile: "hardened",
      credit: "relevance",
      repetition: "seed",
      certified: { formula: "humor-C-3" },
      normalization: { vocab: "v3" },
      laughter: { reading: "meaning", detector: "laughter-meaning-5" },
      screens: "humor-screens-3",
    });
    const seed = createHumorScorer({ profile: "seed" }, roles).instrument.options as Record<string, unknown>;
    expect(seed).toMatchObject({ profile: "seed", credit: "ratio", repetition: "seed", certified: { formula: "humor-C-1" }, normalization: { vocab: "v2-seed" }, laughter: { reading: "vocab" }, screens: "humor-screens-1" });
    // a profile choice made explicitly is the same instrument as the profile's default
    expect(hash({ credit: "relevance" })).toBe(hash({}));
    expect(() => createHumorScorer({ ceiling: 0.1 }, roles)).toThrow(/ceiling/);
  });
});
