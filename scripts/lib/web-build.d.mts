export function ensureWebBuild(root: string, options?: { force?: boolean }): void;
