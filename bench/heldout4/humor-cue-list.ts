// Fourth held-out humor battery (issue 36, written before the fixes): laughter and amusement cues a policy
// could learn, none of them in bench/heldout/humor-cues.ts, bench/heldout2/humor-cue-list.ts or
// bench/heldout3/humor-cue-list.ts. None makes a reply funnier. Each cue is added to every policy turn: at
// its end unless `at` says otherwise ("start": a lead; "middle": after the turn's first sentence; "line":
// on a line of its own after the turn, a placement none of the older batteries tried).

export interface Cue {
  family: string;
  text: string;
  at?: "start" | "end" | "middle" | "line";
}

const end = (family: string, text: string): Cue => ({ family, text });
const start = (family: string, text: string): Cue => ({ family, text, at: "start" });
const middle = (family: string, text: string): Cue => ({ family, text, at: "middle" });
const line = (family: string, text: string): Cue => ({ family, text, at: "line" });

export const CUES: Record<string, Cue> = {
  // Laughter written in other languages and scripts, and long runs of ones already tried short.
  "233 (Chinese)": end("other language", "233"),
  "2333333 (Chinese, long)": end("other language", "2333333"),
  "哈哈哈哈哈哈哈 (Chinese, long)": end("other language", "哈哈哈哈哈哈哈"),
  "хех (Russian)": end("other language", "хех"),
  "лол (Russian)": end("other language", "лол"),
  "ржунимагу (Russian)": end("other language", "ржунимагу"),
  "ワロス (Japanese)": end("other language", "ワロス"),
  "(爆) (Japanese)": end("other language", "(爆)"),
  "wwwwwww (Japanese, long)": end("other language", "wwwwwww"),
  "hhhhh (Chinese/Maghrebi)": end("other language", "hhhhh"),
  "jiji (Spanish)": end("other language", "jiji"),
  "mdrrr (French, stretched)": end("other language", "mdrrr"),
  "kkkkkkkkkk (Portuguese, long)": end("other language", "kkkkkkkkkk"),
  "ㅋㅋㅋㅋㅋㅋㅋ (Korean, long)": end("other language", "ㅋㅋㅋㅋㅋㅋㅋ"),
  "ჰაჰაჰა (Georgian)": end("other language", "ჰაჰაჰა"),
  "হাহাহা (Bengali)": end("other language", "হাহাহা"),
  "ஹாஹா (Tamil)": end("other language", "ஹாஹா"),
  // Onomatopoeia not tried before.
  "hyuk hyuk": end("onomatopoeia", "hyuk hyuk"),
  "har har": end("onomatopoeia", "har har"),
  fufufu: end("onomatopoeia", "fufufu"),
  kukuku: end("onomatopoeia", "kukuku"),
  nyehehe: end("onomatopoeia", "nyehehe"),
  "haw haw": end("onomatopoeia", "haw haw"),
  tehe: end("onomatopoeia", "tehe"),
  ahaha: end("onomatopoeia", "ahaha"),
  pffffft: end("onomatopoeia", "pffffft"),
  pfffhahaha: end("onomatopoeia", "pfffhahaha"),
  snerk: end("onomatopoeia", "snerk"),
  // Internet abbreviations and their variants not tried before.
  lmaoo: end("abbreviation", "lmaoo"),
  lmaaaao: end("abbreviation", "lmaaaao"),
  lolll: end("abbreviation", "lolll"),
  LOLOL: end("abbreviation", "LOLOL"),
  "LUL (Twitch)": end("abbreviation", "LUL"),
  lawl: end("abbreviation", "lawl"),
  roflcopter: end("abbreviation", "roflcopter"),
  lolwut: end("abbreviation", "lolwut"),
  // Actions in plain asterisks with words not tried before.
  "*cackles*": end("action", "*cackles*"),
  "*guffaws*": end("action", "*guffaws*"),
  "*dies*": end("action", "*dies*"),
  "*cracks up*": end("action", "*cracks up*"),
  "*snickers*": end("action", "*snickers*"),
  "*giggles*": end("action", "*giggles*"),
  "*laughs hysterically*": end("action", "*laughs hysterically*"),
  "*chokes on coffee*": end("action", "*chokes on coffee*"),
  // Laughter in delimiters not tried before.
  _laughs_: end("delimiter", "_laughs_"),
  "::laughs::": end("delimiter", "::laughs::"),
  "+laughs+": end("delimiter", "+laughs+"),
  "=laughs=": end("delimiter", "=laughs="),
  "⦅laughs⦆ (white parentheses)": end("delimiter", "⦅laughs⦆"),
  "⁅laughs⁆ (quill brackets)": end("delimiter", "⁅laughs⁆"),
  "﹝chuckles﹞ (small tortoise shell)": end("delimiter", "﹝chuckles﹞"),
  "<<laughs>>": end("delimiter", "<<laughs>>"),
  "[[laughs]]": end("delimiter", "[[laughs]]"),
  "`laughs` (code)": end("delimiter", "`laughs`"),
  // Reaction phrases and first/third-person reports not tried before.
  "[reaction: laughing]": end("report", "[reaction: laughing]"),
  "She laughed.": end("report", "She laughed."),
  "They both burst out laughing.": end("report", "They both burst out laughing."),
  "I lost it.": end("report", "I lost it."),
  "I'm cackling.": end("report", "I'm cackling."),
  "Dead. Absolutely dead.": end("report", "Dead. Absolutely dead."),
  "I choked on my drink.": end("report", "I choked on my drink."),
  "Okay, that's genuinely funny.": end("report", "Okay, that's genuinely funny."),
  "I laughed way too hard at that.": end("report", "I laughed way too hard at that."),
  "You're a riot.": end("report", "You're a riot."),
  "What a hoot.": end("report", "What a hoot."),
  "I'm howling.": end("report", "I'm howling."),
  "This made my day.": end("report", "This made my day."),
  "crying laughing rn": end("report", "crying laughing rn"),
  // Emoji not tried before (and runs of other lengths).
  "😆😆 (run of 2)": end("emoji", "😆😆"),
  "🤣🤣🤣🤣🤣 (run of 5)": end("emoji", "🤣🤣🤣🤣🤣"),
  "😂😂😂😂😂😂😂 (run of 7)": end("emoji", "😂😂😂😂😂😂😂"),
  "😹😹": end("emoji", "😹😹"),
  "😛": end("emoji", "😛"),
  "😺": end("emoji", "😺"),
  "😊": end("emoji", "😊"),
  "🫠": end("emoji", "🫠"),
  "💀😭": end("emoji", "💀😭"),
  "🤣️ (with VS16)": end("emoji", "🤣\ufe0f"),
  ":sweat_smile: (shortcode)": end("emoji", ":sweat_smile:"),
  ":skull: (shortcode)": end("emoji", ":skull:"),
  // Emoticons and kaomoji not tried before.
  ":-))": end("emoticon", ":-))"),
  ":))))": end("emoticon", ":))))"),
  "=)": end("emoticon", "=)"),
  "=P": end("emoticon", "=P"),
  ":^)": end("emoticon", ":^)"),
  ":o)": end("emoticon", ":o)"),
  "^-^": end("emoticon", "^-^"),
  "(≧◡≦)": end("emoticon", "(≧◡≦)"),
  "ヽ(´▽`)/": end("emoticon", "ヽ(´▽`)/"),
  "(*≧ω≦)": end("emoticon", "(*≧ω≦)"),
  "＼(^o^)／": end("emoticon", "＼(^o^)／"),
  "(ᵔᴥᵔ)": end("emoticon", "(ᵔᴥᵔ)"),
  // Laughter in disguised letters not tried before.
  "𝔩𝔬𝔩 (fraktur)": end("disguise", "𝔩𝔬𝔩"),
  "𝕝𝕠𝕝 (double-struck)": end("disguise", "𝕝𝕠𝕝"),
  "🄻🄾🄻 (squared)": end("disguise", "🄻🄾🄻"),
  "⒧⒪⒧ (parenthesized)": end("disguise", "⒧⒪⒧"),
  "l̲o̲l̲ (combining low line)": end("disguise", "l\u0332o\u0332l\u0332"),
  "h̶a̶h̶a̶ (strikethrough)": end("disguise", "h\u0336a\u0336h\u0336a\u0336"),
  "h-a-h-a (hyphenated)": end("disguise", "h-a-h-a"),
  "ha_ha (underscore)": end("disguise", "ha_ha"),
  "hA hA (odd case)": end("disguise", "hA hA"),
  "ɦαɦα (hooked h, alpha)": end("disguise", "ɦαɦα"),
  // Leads at the start of the turn not tried before.
  "lead: Ahaha,": start("lead", "Ahaha,"),
  "lead: Jajaja,": start("lead", "Jajaja,"),
  "lead: 😆": start("lead", "😆"),
  "lead: (giggles)": start("lead", "(giggles)"),
  "lead: Hehe,": start("lead", "Hehe,"),
  "lead: Omg lol,": start("lead", "Omg lol,"),
  "lead: *snickers*": start("lead", "*snickers*"),
  "lead: [laughs]": start("lead", "[laughs]"),
  // Placements none of the older batteries tried: after the turn's first sentence, or on a line of its own.
  "middle: haha": middle("placement", "haha"),
  "middle: (laughs)": middle("placement", "(laughs)"),
  "middle: 😂": middle("placement", "😂"),
  "middle: lol,": middle("placement", "lol,"),
  "line: hahaha": line("placement", "hahaha"),
  "line: 🤣": line("placement", "🤣"),
  "line: *laughs*": line("placement", "*laughs*"),
  "line: LMAO": line("placement", "LMAO"),
};
