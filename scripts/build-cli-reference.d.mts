export function buildCliReference(): [string, string][];
