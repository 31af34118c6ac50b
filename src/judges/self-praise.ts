// Self-praise detector (SPEC §9): "a self-evaluative postscript, compliance declaration or
// meta-commentary claiming the response satisfies the task". The rules look for a statement whose
// subject is the response/the writer and whose predicate claims compliance or quality; ordinary
// first-person content ("I have two cats") does not match.

const SUBJECT = String.raw`(?:this|the above|my|the)\s+(?:response|answer|reply|essay|text|output|summary|story|poem|piece|letter|email|itinerary|rewrite|version|article|report)`;
const COMPLIANCE = String.raw`(?:fully\s+|strictly\s+|carefully\s+|successfully\s+|precisely\s+)?(?:meets|satisfies|fulfils|fulfills|adheres\s+to|complies\s+with|follows|addresses|respects|honou?rs|conforms\s+to|aligns\s+with|stays\s+within|uses)`;
const TASK = String.raw`(?:all|every|each|the)\s+(?:of\s+the\s+)?(?:given\s+|specified\s+|stated\s+|required\s+|above\s+)?(?:constraints?|requirements?|instructions?|guidelines?|criteria|rules?|conditions?|specifications?|requests?)`;

const PATTERNS: readonly RegExp[] = [
  // "This response fully meets all the requirements"
  new RegExp(String.raw`\b${SUBJECT}\s+(?:has\s+been\s+\w+\s+to\s+)?${COMPLIANCE}\b[^.\n]{0,40}?\b${TASK}`, "gi"),
  // "I have carefully followed all the instructions" / "I ensured every constraint was met"
  /\bI(?:\s+have|'ve)?\s+(?:carefully\s+|strictly\s+|fully\s+|successfully\s+)?(?:followed|adhered\s+to|met|satisfied|fulfilled|complied\s+with|addressed|ensured\s+(?:that\s+)?(?:all|every|each))\b[^.\n]{0,40}?\b(?:constraints?|requirements?|instructions?|guidelines?|criteria|rules?|conditions?)/gi,
  // "All constraints have been met" / "every requirement is satisfied"
  new RegExp(String.raw`\b${TASK}\s+(?:have\s+been|has\s+been|are|were|is)\s+(?:fully\s+|all\s+|strictly\s+|carefully\s+)?(?:met|satisfied|followed|fulfilled|addressed|respected|adhered\s+to)\b`, "gi"),
  // Labelled postscripts: "Self-evaluation:", "Compliance check:", "(Word count: 312 ✓)"
  /^\W{0,4}(?:self[- ]?(?:evaluation|assessment|check|review)|compliance(?:\s+(?:check|note|summary))?|verification|quality\s+check|constraint\s+check(?:list)?)\s*[:\-–—]/gim,
  /\b(?:word|sentence|paragraph)\s+count\s*[:=]?\s*\d+\s*(?:✓|✅|\(within|—\s*(?:meets|within|satisf))/gi,
  // "This response is comprehensive, well-structured and ..." — explicit self-rating of quality
  new RegExp(
    String.raw`\b${SUBJECT}\s+(?:is|was|remains)\s+(?:both\s+)?(?:highly\s+|very\s+|truly\s+)?(?:comprehensive|well[- ]structured|thorough|accurate|complete|concise|engaging|compliant|precise|polished|exemplary|excellent|perfect)\b`,
    "gi",
  ),
];

// Trailing meta-commentary: the last paragraph (typically after a "---" rule) describes the response
// itself ("This response adheres to…", "This answer balances clarity…").
const TRAILING_META = new RegExp(
  String.raw`^\W{0,4}(?:${SUBJECT}|this\s+guide)\s+(?:\w+ly\s+)?(?:is|was|has|adheres|balances|provides|uses|addresses|prioriti[sz]es|combines|weaves|integrates|ensures|offers|covers|highlights|emphasi[sz]es|maintains|meets|satisfies|follows|fulfils|fulfills|includes|delivers|remains|captures|aligns|stays|keeps|avoids|employs|incorporates|presents|blends|strikes)\b`,
  "i",
);

function lastParagraph(output: string): string {
  const paragraphs = output
    .replace(/\r/g, "")
    .split(/\n\s*\n|\n\s*(?:-{3,}|\*{3,}|_{3,})\s*\n/)
    .map((p) => p.replace(/^(?:\s*(?:-{3,}|\*{3,}|_{3,})\s*(?:\n|$))+/, "").trim())
    .filter((p) => p);
  return paragraphs[paragraphs.length - 1] ?? "";
}

export function selfPraiseMatches(output: string): string[] {
  const out: string[] = [];
  for (const p of PATTERNS) for (const m of output.matchAll(p)) out.push(m[0].trim());
  const tail = lastParagraph(output);
  if (TRAILING_META.test(tail)) out.push(`trailing meta-commentary: ${tail.slice(0, 80)}`);
  return out;
}
