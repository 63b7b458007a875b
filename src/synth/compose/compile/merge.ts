import type { Fixtures } from '../parts.js';

/** Adds `add` to `into`: lists append, maps (files) merge. */
export function merge(into: Fixtures, add: Fixtures): void {
  for (const [svc, cols] of Object.entries(add)) {
    const t = (into[svc] ??= {});
    for (const [col, v] of Object.entries(cols)) {
      const cur = t[col];
      if (Array.isArray(v)) t[col] = [...(Array.isArray(cur) ? cur : []), ...v];
      else t[col] = { ...((cur as object) ?? {}), ...(v as object) };
    }
  }
}
