export const serverBundle: string;
export function buildServer(): Promise<string>;
