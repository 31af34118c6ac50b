// Child process for the cross-process cache test: writes `count` entries under its own prefix and
// one shared key, through the real cache module, then prints how many entries it could read back.
import { openCache } from "../../src/models/cache.js";

const [path, prefix, countText] = process.argv.slice(2);
const count = Number(countText);
const cache = openCache({ path, busyTimeoutMs: 20_000 });
const meta = { endpoint: "http://x/v1", model: "m", path: "/completions" };
for (let i = 0; i < count; i++) {
  cache.set(`${prefix}-${i}`, { i, prefix, logprob: -i / 7 }, meta);
  cache.set("shared", { writer: prefix }, meta);
}
let seen = 0;
for (let i = 0; i < count; i++) if (cache.get(`${prefix}-${i}`) !== undefined) seen++;
cache.close();
process.stdout.write(String(seen));
