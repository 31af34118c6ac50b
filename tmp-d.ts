import { readJsonl } from "./src/core/jsonl.js";
import { conversationsFrom } from "./src/terms/humor/dialogues.js";
import { termText } from "./src/terms/humor/session.js";
import { sharedPath } from "./test/helpers/shared-data.js";
const cs = conversationsFrom(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, "dailydialog", { topic: "work" });
let n = 0, bad = 0;
for (const c of cs.slice(0, 600)) for (const t of c.turns) for (const cue of [" chuckles.", " That made me laugh.", " xD", " 😀"]) {
  n++;
  const a = termText(t.text + cue, "meaning"), b = termText(t.text, "meaning");
  if (a !== b) { bad++; if (bad < 12) console.log(JSON.stringify(t.text), JSON.stringify(cue), "=>", JSON.stringify(a), "vs", JSON.stringify(b)); }
}
console.log(n, bad);
