export const root: string;
export function webBuildIsFresh(): boolean;
export function ensureWebBuilt(opts?: { quiet?: boolean }): void;
