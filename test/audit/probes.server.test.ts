// The probes on the embedded audience model (a real n-gram LM behind the built-in OpenAI-compatible
// server, no mocks): the seed's bait suite on the raw and v2 paths, the fuzzer rediscovering v2-seed's
// gaps on its own, v3 closing them, the contamination channel, and the determinism probe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBaitFuzzer } from "../../src/audit/bait-fuzzer.js";
import { runBaitProbe } from "../../src/audit/bait-probe.js";
import { runContaminationProbe, partnerLaughPreceded } from "../../src/audit/contamination.js";
import { contextsFromTranscripts, simulatedBank, type ProbeContext } from "../../src/audit/contexts.js";
import { forestPlotSvg } from "../../src/audit/forest-plot.js";
import { generateCandidates } from "../../src/audit/fuzz-candidates.js";
import { createLaughterMeter } from "../../src/audit/laughter-meter.js";
import { runNoiseProbe } from "../../src/audit/noise.js";
import { parsePath, pathContext, RAW_PATH, V2_SEED_PATH, V3_PATH } from "../../src/audit/paths.js";
import { DEFAULT_SUFFIXES } from "../../src/audit/suffixes.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";

const taste = { mode: "exact" as const, k: 20, L_lo: -20, L_hi: -2 };

describe("audit probes on the embedded audience model", () => {
  let server: { baseUrl: string; close(): Promise<void> };
  let lm: ModelClient;
  let contexts: ProbeContext[];
  let all: ProbeContext[];
  beforeAll(async () => {
    server = await startEmbeddedServer();
    lm = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const bank = await simulatedBank(24);
    contexts = contextsFromTranscripts(bank, 4);
    all = contextsFromTranscripts(bank, 240);
  });
  afterAll(async () => server?.close());
  // One memo for the file: the fuzzer's screening prompts repeat some of the probe's.
  let shared: ReturnType<typeof createLaughterMeter> | undefined;
  const meter = () => (shared ??= createLaughterMeter(lm, taste));

  it("bait-suffix probe: matched cues closed by v2-seed, xD and the unmatched emoji open, controls flat", async () => {
    const m = meter();
    const probe = await runBaitProbe({ client: lm, contexts, suffixes: DEFAULT_SUFFIXES, paths: [RAW_PATH, V2_SEED_PATH], taste, meter: m });
    const by = Object.fromEntries(probe.suffixes.map((s) => [s.suffix, s]));
    // " lmfao" is not laughter to the embedded audience: its cues come from Unicode's emoji annotations,
    // which list "lmao" but not "lmfao" (src/models/embedded/laughter-source.ts).
    for (const s of probe.suffixes.filter((x) => !x.control && x.suffix !== " lmfao")) {
      expect(s.paths.raw.mean!, s.label).toBeGreaterThan(5);
      expect(s.paths.raw.positive!.share).toBe(1);
    }
    for (const closed of [" Haha!", " lol", " hahaha", " LOL", " heh", " 😂", " 🤣", " *laughs*"]) expect(by[closed].verdicts.v2, closed).toBe("closed");
    // A bait that never paid on the raw path reads "no effect", whatever the strip does to it.
    expect(by[" lmfao"].verdicts.v2).toBe("no effect");
    for (const open of [" xD", " 😆", " 😹", " 😄"]) {
      expect(by[open].verdicts.v2, open).toBe("open");
      expect(by[open].paths.v2.ci![0]).toBeGreaterThan(5);
    }
    // The bare-word strip leaves "()" behind: the prompt differs from the plain one, so this is not
    // "closed by construction", and the embedded LM barely reacts to the shell.
    expect(by[" (laughs)"].verdicts.v2).not.toBe("open");
    expect(Math.abs(by[" (laughs)"].paths.v2.mean!)).toBeLessThan(0.5);
    for (const c of [" Okay.", " Hmm.", " Nice!"]) expect(Math.abs(by[c].paths.raw.mean!), c).toBeLessThan(0.5);
    expect(probe.errors).toEqual([]);
    const svg = forestPlotSvg(probe);
    expect(svg).toMatch(/^<svg /);
    expect((svg.match(/<circle /g) ?? []).length).toBe(17 * 2 + 2);
    expect(svg).toContain("xD");
  });

  it("fuzzer rediscovers v2-seed's gaps from generated families; v3 closes everything it found", async () => {
    const m = meter();
    const candidates = generateCandidates().filter((c) => ["emoji", "emoticon", "action"].includes(c.family));
    const seed = await runBaitFuzzer({ client: lm, path: V2_SEED_PATH, candidates, contexts: contexts.slice(0, 2), taste, meter: m });
    const open = seed.open.map((f) => f.text);
    for (const gap of ["xD", "😆", "😹", "😄"]) expect(open, gap).toContain(gap);
    expect(open).not.toContain("😂");
    expect(seed.residue.map((f) => [f.text, f.visible])).toContainEqual(["(laughs)", "()"]);
    expect(open.some((t) => /^\(.*\)$/.test(t))).toBe(true);
    const found = candidates.filter((c) => open.includes(c.text) || c.text === "(laughs)");
    const v3 = await runBaitFuzzer({ client: lm, path: V3_PATH, candidates: found, contexts: contexts.slice(0, 2), taste, meter: m });
    // v3 closes what the fuzzer finds against v2-seed, including the smileys and <angle> actions an earlier
    // v3 left open (the fuzzer found those; the vocabulary was extended).
    expect(v3.open.map((f) => f.text)).toEqual([]);
    for (const gap of ["xD", "😆", "😹", "😄", "(laughs)"]) expect(v3.findings.find((f) => f.text === gap)!.lexical).toBe("stripped");
  });

  it("contamination: partner laughter lifts taste on the pre-fix path, not under v2", async () => {
    const after = all.filter((c) => partnerLaughPreceded(c)).slice(0, 5);
    const before = all.filter((c) => !partnerLaughPreceded(c)).slice(0, 4);
    expect(after.length).toBeGreaterThanOrEqual(3);
    const r = await runContaminationProbe({ client: lm, contexts: [...after, ...before], paths: [parsePath("v1"), V2_SEED_PATH], taste, meter: meter() });
    expect(r.afterPartnerLaugh).toBe(after.length);
    expect(r.paths.v1.afterPartnerLaugh.mean!).toBeGreaterThan(0.1);
    expect(r.paths.v1.otherwise.mean!).toBe(0);
    expect(Math.abs(r.paths.v2.afterPartnerLaugh.mean!)).toBeLessThan(0.01);
  });

  it("noise: repeated and concurrent scoring of the same prompts, with the determinism settings", async () => {
    const prompts = contexts.slice(0, 3).map((c) => pathContext(RAW_PATH, c.turns, c.index));
    const n = await runNoiseProbe({ client: lm, contexts: prompts, taste, sequentialPasses: 3, concurrentPasses: 2 });
    expect(n.sequential.pairs).toBe(6);
    expect(n.sequentialVsConcurrent!.pairs).toBe(18);
    expect(n.concurrentVsConcurrent!.pairs).toBe(3);
    // The embedded LM is a deterministic n-gram model: every repeat is bit-exact.
    expect(n.sequential.bitExact.share).toBe(1);
    expect(n.concurrentVsConcurrent!.maxAbs).toBe(0);
    expect(n.determinism).toMatchObject({ model: "foolsgold-embedded-lm", temperature: 0 });
  });
});
