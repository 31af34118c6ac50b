import { describe, expect, it } from "vitest";
import { COMMON_ENGLISH, commonEnglishRatio, isCommonEnglish } from "../../src/text/english.js";
import { dominantScript, hasCjk, scriptShares } from "../../src/text/script.js";

describe("hasCjk", () => {
  it("finds Han, kana, hangul and CJK punctuation", () => {
    expect(hasCjk("This is fine 好的")).toBe(true);
    expect(hasCjk("カタカナ")).toBe(true);
    expect(hasCjk("ㅋㅋ")).toBe(true);
    expect(hasCjk("done。")).toBe(true);
  });
  it("is false for Latin, Cyrillic and emoji", () => {
    expect(hasCjk("Hello, мир! 😂 café")).toBe(false);
  });
});

describe("scriptShares / dominantScript", () => {
  it("counts letters only, per script", () => {
    const s = scriptShares("Hello мир 123 !!");
    expect(s.letters).toBe(8);
    expect(s.latin).toBeCloseTo(5 / 8, 12);
    expect(s.cyrillic).toBeCloseTo(3 / 8, 12);
    expect(s.cjk).toBe(0);
  });
  it("classifies each script", () => {
    expect(dominantScript("Ελληνικά")).toBe("greek");
    expect(dominantScript("שלום")).toBe("hebrew");
    expect(dominantScript("مرحبا")).toBe("arabic");
    expect(dominantScript("नमस्ते")).toBe("devanagari");
    expect(dominantScript("안녕하세요")).toBe("hangul");
    expect(dominantScript("你好世界 ok")).toBe("cjk");
    expect(dominantScript("ქართული")).toBe("other");
  });
  it("has no dominant script without letters", () => {
    expect(dominantScript("123 😂 !!")).toBeNull();
    expect(scriptShares("").letters).toBe(0);
  });
});

describe("common English", () => {
  it("ships a few thousand words from the Brown corpus", () => {
    expect(COMMON_ENGLISH.size).toBeGreaterThanOrEqual(5000);
    for (const w of ["the", "house", "because", "people", "okay"]) expect(isCommonEnglish(w)).toBe(true);
    expect(isCommonEnglish("zorblax")).toBe(false);
  });
  it("ratio of common words among tokens", () => {
    expect(commonEnglishRatio("The man sat on the old chair.")).toBe(1);
    expect(commonEnglishRatio(["the", "zorblax", "quuxly", "house"])).toBe(0.5);
    expect(commonEnglishRatio("Je ne sais pas pourquoi")).toBeLessThan(0.5);
  });
  it("is 0 for no words", () => {
    expect(commonEnglishRatio("")).toBe(0);
    expect(commonEnglishRatio([])).toBe(0);
  });
});
