// small text helpers shared by every layer.

/** `s` with every regular-expression metacharacter escaped, so it matches itself literally. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
