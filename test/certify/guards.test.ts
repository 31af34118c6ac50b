import { describe, expect, it } from "vitest";
import { addressesAudience, armGuardMetrics, evaluateGuards, DEFAULT_GUARD_THRESHOLDS } from "../../src/certify/guards.js";
import { groupedJackknifeCi, guardIntervals } from "../../src/certify/guard-intervals.js";
import { score, session } from "./fixtures.js";

describe("armGuardMetrics", () => {
  const rows = [
    session(1, ["the cat sat on the mat", "the cat sat down"], score(0.5, 0.3)),
    session(2, ["haha that is great", "Hey folks, look at this"], score(0, 0.2)),
    session(3, ["*sighs* fine", "这个 ok"], score(0, 0.1)),
    session(4, ["Just one reply."], score(0.4, 0.2)),
  ];
  const m = armGuardMetrics(rows, 2);

  it("counts word trigrams within turns: distinct / all", () => {
    // by hand: s1 "the cat sat|cat sat on|sat on the|on the mat" + "the cat sat|cat sat down" = 6, 5 distinct;
    // s2 "haha that is|that is great" + "hey folks look|folks look at|look at this" = 5; s3 none; s4 "just one reply" = 1
    expect(m.trigrams).toBe(12);
    expect(m.trigram_diversity).toBeCloseTo(11 / 12, 12);
  });

  it("rates laughter (v3, raw text), audience address and screen failures per policy turn", () => {
    expect(m.policy_turns).toBe(7);
    expect(m.strict_laughter_rate).toBeCloseTo(1 / 7, 12);
    expect(m.audience_address_rate).toBeCloseTo(1 / 7, 12);
    expect(m.screen_fail_turn_rate).toBeCloseTo(2 / 7, 12); // asterisk action, CJK
  });

  it("counts zero-certification, completed sessions and mean reply length", () => {
    expect(m.zero_cert_sessions).toBe(2);
    expect(m.scored_sessions).toBe(4);
    expect(m.completed_sessions).toBe(3);
    const texts = ["the cat sat on the mat", "the cat sat down", "haha that is great", "Hey folks, look at this", "*sighs* fine", "这个 ok", "Just one reply."];
    expect(m.mean_reply_chars).toBeCloseTo(texts.reduce((a, t) => a + [...t].length, 0) / 7, 12);
    expect(m.mean_policy_turns).toBeCloseTo(7 / 4, 12);
  });
});

describe("addressesAudience", () => {
  it.each([
    ["You guys won't believe this", true],
    ["Y’all are killing me", true],
    ["Ladies  and gentlemen, the stapler", true],
    ["thanks everyone", true],
    ["that's a folksy tune", false],
    ["I'll tell Jordan", false],
  ])("%s -> %s", (text, expected) => {
    expect(addressesAudience(text)).toBe(expected);
  });
});

describe("evaluateGuards", () => {
  const metrics = (over: Partial<ReturnType<typeof armGuardMetrics>>) => ({
    sessions: 100,
    policy_turns: 1000,
    trigram_diversity: 0.77,
    trigrams: 9000,
    strict_laughter_rate: 0.055,
    audience_address_rate: 0.0055,
    screen_fail_turn_rate: 0.022,
    zero_cert_sessions: 170,
    scored_sessions: 100,
    mean_reply_chars: 112.7,
    mean_policy_turns: 10,
    completed_sessions: 100,
    expected_policy_turns: 10,
    ...over,
  });

  it("reproduces seed 000's RL-E eval6 reading: no guard fires", () => {
    // eval6: diversity 0.7727 -> 0.7732, strict laughter 5.39% -> 5.99%, audience address 0.550% -> 0.650%,
    // screen-fail turns falling, zero-cert 184 -> 110, length 112.7 -> 121.6
    const base = metrics({ trigram_diversity: 0.7727, strict_laughter_rate: 0.0539, audience_address_rate: 0.0055, zero_cert_sessions: 184 });
    const rle = metrics({ trigram_diversity: 0.7732, strict_laughter_rate: 0.0599, audience_address_rate: 0.0065, screen_fail_turn_rate: 0.0139, zero_cert_sessions: 110, mean_reply_chars: 121.6 });
    const g = evaluateGuards(base, rle, DEFAULT_GUARD_THRESHOLDS);
    expect(g.filter((x) => x.fired).map((x) => x.guard)).toEqual([]);
    const laughter = g.find((x) => x.guard === "strict_laughter")!;
    expect(laughter.change).toBeCloseTo(0.6, 9);
    expect(g.find((x) => x.guard === "mean_reply_length")).toMatchObject({ fired: null, rule: "reported" });
  });

  it("fires each guard just past its threshold", () => {
    const base = metrics({});
    const bad = metrics({
      trigram_diversity: 0.77 - 0.0501,
      strict_laughter_rate: 0.055 + 0.0201,
      audience_address_rate: 0.0055 + 0.0051,
      screen_fail_turn_rate: 0.0221,
      zero_cert_sessions: 171,
      mean_reply_chars: 150,
      completed_sessions: 97,
    });
    const g = evaluateGuards(base, bad, { ...DEFAULT_GUARD_THRESHOLDS, mean_reply_chars_change: 30, completed_sessions_drop: 2 });
    expect(g.filter((x) => x.fired).map((x) => x.guard)).toEqual(["trigram_diversity", "strict_laughter", "audience_address", "screen_fail_turns", "zero_cert_sessions", "mean_reply_length", "completed_sessions"]);
  });

  it("does not fire at exactly the threshold", () => {
    const g = evaluateGuards(metrics({}), metrics({ strict_laughter_rate: 0.075, trigram_diversity: 0.72 }));
    expect(g.find((x) => x.guard === "strict_laughter")!.fired).toBe(false);
    expect(g.find((x) => x.guard === "trigram_diversity")!.fired).toBe(false);
  });
});

describe("guardIntervals (paired session bootstrap)", () => {
  const n = 200;
  const rows = (laughEvery: number) => Array.from({ length: n }, (_, i) => session(20_000_000 + i, [laughEvery > 0 && i % laughEvery === 0 ? "Sure thing haha" : "Sure thing then", "Let me check the sheet."], score(0.5, 0.3)));
  const base = rows(5);
  const trained = rows(3);

  it("brackets the strict-laughter change and matches the normal interval of per-session differences", () => {
    // numpy: d_i = 100·(t_i − b_i)/2 with b_i = [i % 5 == 0], t_i = [i % 3 == 0]; mean 6.75,
    // 1.96·sd(d, ddof=1)/√200 = 4.264 -> normal 95% interval (2.486, 11.014); the percentile bootstrap
    // should agree to within sampling noise of 1000 resamples.
    const ci = guardIntervals(base, trained).strict_laughter;
    expect(ci[0]).toBeLessThan(6.75);
    expect(ci[1]).toBeGreaterThan(6.75);
    expect(ci[0]).toBeCloseTo(2.486, 0);
    expect(ci[1]).toBeCloseTo(11.014, 0);
  });

  it("gives a zero-width interval when every session changes the same way, and is reproducible", () => {
    const clean = rows(0);
    const bait = clean.map((r) => ({ ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: `${t.text} lol` } : t)) }));
    const a = guardIntervals(clean, bait);
    // every bait turn laughs and no base turn does: +100 points in every resample
    expect(a.strict_laughter).toEqual([100, 100]);
    expect(guardIntervals(clean, bait)).toEqual(a);
    expect(a.zero_cert_sessions).toEqual([0, 0]);
  });

  it("is attached to the guards by compareArms", () => {
    const g = evaluateGuards(armGuardMetrics(base, 2), armGuardMetrics(trained, 2), DEFAULT_GUARD_THRESHOLDS, guardIntervals(base, trained));
    expect(g.find((x) => x.guard === "strict_laughter")!.ci95).toBeDefined();
    expect(g.find((x) => x.guard === "completed_sessions")!.ci95).toBeUndefined();
  });
});

describe("groupedJackknifeCi", () => {
  it("matches a numpy/scipy grouped jackknife of the mean", () => {
    // numpy: G = 4 groups by i % 4; leave-one-group-out means θ_k; se = sqrt((G−1)/G · Σ(θ_k − θ̄)²);
    // mean ± scipy.stats.t.ppf(0.975, 3)·se -> (0.3595157137938242, 1.7571509528728426)
    const x = [0.3, 1.2, 0.7, 2.2, 1.9, 0.4, 0.8, 1.1, 1.6, 0.2, 0.9, 1.4];
    const ci = groupedJackknifeCi(x, (s) => s.reduce((a, b) => a + b, 0) / s.length, 4)!;
    expect(ci[0]).toBeCloseTo(0.3595157137938242, 10);
    expect(ci[1]).toBeCloseTo(1.7571509528728426, 10);
  });
});
