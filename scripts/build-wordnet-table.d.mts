export interface WordnetTable {
  source: string;
  pos: Record<"noun" | "verb" | "adj" | "adv", { index: Record<string, number[]>; synsets: string[][] }>;
}
export function buildWordnetTable(): WordnetTable;
export const TABLE_PATH: string;
