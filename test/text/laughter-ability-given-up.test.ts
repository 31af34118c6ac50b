// Issue 36, fourth round: "I can't even." raised the default humor training reward by +0.003 [0.001,
// 0.005] (bench/studies/humor-cue-generator.ts, 232 cues): being overcome by amusement reported without a
// laughter word. The category beside the hyperbole of dying and crying: ability given up with its verb
// left out (a negated modal of ability and no verb after it), and the bare plea to stop. The tests
// enumerate the category's grammar: every subject, every spelling of the negated modal, every function
// word that is not a verb as its tail.
import { describe, expect, it } from "vitest";
import { decorations, stripLaughterByMeaning } from "../../src/text/laughter-meaning.js";
import { isStopword, STOPWORD_FORMS } from "../../src/text/stopwords.js";

const stripped = (text: string) => stripLaughterByMeaning(text).text;
const MODALS = ["can't", "can’t", "cannot", "can not", "cant"];
const VERBS = /^(?:am|are|is|was|were|be|been|being|do|does|did|doing|have|has|had|having|get|got|go|going|gonna|wanna|let's|like|will|would|shall|should|may|might|must|ought|can|could)$/;
const PERSONS = /^(?:i|i'm|i'd|i've|i'll|we|we're|we'd|we've|we'll|me|my|mine|myself|us|our|ours|ourselves)$/;

describe("ability given up, its verb left out", () => {
  it("strips every negated modal of ability after every first-person subject, with 'even'", () => {
    for (const subject of ["I", "We", "I literally", "I honestly", "I just", ""])
      for (const modal of MODALS) {
        const text = `${subject} ${modal} even.`.trim();
        expect(stripped(`${text.charAt(0).toUpperCase()}${text.slice(1)}`), text).toBe("");
      }
  });

  it("strips it with every function word that is not a verb as its tail", () => {
    const tails = STOPWORD_FORMS.filter((w) => /^[a-z]+$/.test(w) && !VERBS.test(w) && !PERSONS.test(w) && !/^(?:no|nor|not|never|nothing|cannot)$/.test(w) && w.length > 1);
    expect(tails.length).toBeGreaterThan(100);
    const kept = tails.filter((tail) => stripped(`I can't ${tail}.`) !== "");
    expect(kept).toEqual([]);
  });

  it("strips it inside a real reply and leaves the reply", () => {
    const reply = "You put the stapler in jello again? I can't even. Dwight is going to lose it.";
    expect(decorations(reply).map((d) => d.text)).toContain("I can't even");
    expect(stripped(reply)).toBe("You put the stapler in jello again? Dwight is going to lose it.");
  });

  it("leaves an answer alone: the plain refusal, a verb after the modal, a content word", () => {
    for (const text of ["I can't.", "I just can't.", "We cannot.", "I can't do it.", "I can't be there.", "I can't even imagine that.", "I can't make it Friday.", "I can't, sorry.", "You can't even.", "She can't even."])
      expect(stripped(text), text).toBe(text.replace(/\.$/, "."));
  });

  it("every verb among the function words keeps the clause an answer", () => {
    const verbs = STOPWORD_FORMS.filter((w) => VERBS.test(w) && isStopword(w));
    expect(verbs.length).toBeGreaterThan(20);
    for (const verb of verbs) expect(stripped(`I can't ${verb} that.`), verb).not.toBe("");
  });
});

describe("the plea to stop", () => {
  it("strips 'stop' with function words only", () => {
    for (const text of ["Stop it.", "Oh stop!", "Stop.", "Stop! Stop.", "Stop that!", "Oh stop it."]) expect(stripped(text), text).toBe("");
  });

  it("leaves a request with content or a person", () => {
    for (const text of ["Stop the car.", "Please stop.", "I stop at five.", "Don't stop.", "We stop here."]) expect(stripped(text), text).toBe(text);
  });
});
