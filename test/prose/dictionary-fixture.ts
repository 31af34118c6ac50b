// A hand-written dictionary for term tests: every weight is chosen here, so expected densities can be
// computed by hand in the tests.
import { DICTIONARY_FORMAT, DICTIONARY_VERSION, parseDictionary, type ProseDictionary } from "../../src/mining/dictionary.js";

const ev = (weight: number) => ({ weight, ratio: 10, modelPer1k: 1, humanPer1k: 0.1 });

export function fixtureDictionary(overrides: Partial<ProseDictionary> = {}): ProseDictionary {
  return parseDictionary(
    {
      format: DICTIONARY_FORMAT,
      version: DICTIONARY_VERSION,
      provenance: {
        created_at: "2026-01-01T00:00:00.000Z",
        foolsgold_version: "test",
        model: { sources: ["hand-written"], rows: 0, words: 0, scenarios: 0 },
        human: { sources: ["hand-written"], rows: 0, words: 0 },
        params: {},
      },
      pairs: [
        { a: "heart", b: "hammer", hub: "hammer", deltaP: 0.3, logLikelihood: 50, scenarioShare: 0.2, ...ev(4) },
        { a: "hammer", b: "rib", hub: "hammer", deltaP: 0.3, logLikelihood: 50, scenarioShare: 0.2, ...ev(3) },
        { a: "heart", b: "rib", deltaP: 0.3, logLikelihood: 50, scenarioShare: 0.2, ...ev(2) },
        { a: "breath", b: "hitch", deltaP: 0.3, logLikelihood: 50, scenarioShare: 0.2, ...ev(1) },
      ],
      frames: [{ hub: "scent", grammar: "of", position: "after", scenarioShare: 0.2, ...ev(2) }],
      hubs: [{ word: "hammer", share: 0.8, partners: ["heart", "rib"] }],
      excessWords: [{ word: "ozone", scenarioShare: 0.3, ...ev(1.5) }],
      openerTemplates: [],
      negation: [
        { type: "not…but", modelCount: 100, humanCount: 5, ...ev(2) },
        { type: "n't…but", modelCount: 100, humanCount: 5, ...ev(2) },
        { type: "not…dash", modelCount: 3, humanCount: 50, ...ev(0) },
      ],
      stackedAdjectives: { type: "stacked_adjectives", modelCount: 50, humanCount: 5, ...ev(1) },
      adjectives: ["thick", "cold", "hard", "dark", "heavy"],
      humanPhrases: [
        { phrase: "at least", humanPer1k: 1, modelPer1k: 0.2, ratio: 5, humanSources: 3 },
        { phrase: "as soon as", humanPer1k: 0.5, modelPer1k: 0.1, ratio: 5, humanSources: 3 },
        { phrase: "one of", humanPer1k: 2, modelPer1k: 0.5, ratio: 4, humanSources: 3 },
      ],
      echo: [
        { type: "verbatim", modelPerReply: 0.1, humanPerReply: 0.01, ratio: 10, penalized: true, penalty: 0.15, reason: "test" },
        { type: "question_back", modelPerReply: 0.1, humanPerReply: 0.01, ratio: 10, penalized: true, penalty: 0.15, reason: "test" },
        { type: "pronoun_flipped", modelPerReply: 0.1, humanPerReply: 0.01, ratio: 10, penalized: true, penalty: 0.15, reason: "test" },
        { type: "partial", modelPerReply: 0.01, humanPerReply: 0.01, ratio: 1, penalized: false, penalty: 0, reason: "test" },
        { type: "italic_thought", modelPerReply: 0.1, humanPerReply: 0.01, ratio: 10, penalized: true, penalty: 0.15, reason: "test" },
      ],
      calibration: {
        slop: { humanP75: 5, baseTypical: 40, humanDensest: 12, rate: Math.log(1 / 0.4) / 35, baseScore: 0.4, densestHumanScore: 0.82, constrainedBy: "base_target", nHuman: 10, nModel: 10 },
        slopWithoutTemplates: { humanP75: 5, baseTypical: 40, humanDensest: 12, rate: Math.log(1 / 0.4) / 35, baseScore: 0.4, densestHumanScore: 0.82, constrainedBy: "base_target", nHuman: 10, nModel: 10 },
        phrases: { humanP25: 10, nHuman: 10 },
        openers: { hhi: { humanP75: 0.1, baseP90: 0.3, humanP99: 0.4 }, repeatRate: { humanP75: 0.2, baseP90: 0.8, humanP99: 0.6 }, nHuman: 10, nModel: 10 },
      },
      ...overrides,
    },
    "fixture",
  );
}
