/** Bundles web/src into web/bundle (see build.mjs). */
export function buildWeb(opts?: { write?: boolean }): Promise<{ 'app.js': string; 'app.css': string }>;
