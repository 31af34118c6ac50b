// The prose dictionary format lives with the terms that read it (src/terms/prose/dictionary.ts); mining
// writes it. Re-exported here for the mining code and its users.
export * from "../terms/prose/dictionary.js";
