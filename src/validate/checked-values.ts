import type { Matcher, Where } from '../schema/matchers.js';
import type { TaskSpec } from '../schema/task-spec.js';

/** One exact value a check wants: where it is written, the field or argument it is about, and the value. */
export interface CheckedValue {
  path: string;
  /** the record field or tool argument (undefined for response text and file contents) */
  field?: string;
  value: string | number;
  /** the check index */
  check: number;
}

/**
 * Every exact value the checks want (plain and `equals`/`in` matchers of where/args, tool_arg accept lists,
 * state_equals values, file cell/table/csv/json values, response `all`/`any` items): what the request-fact
 * and leak rules compare the request, the fixtures and the user plan against.
 */
export function checkedValues(spec: TaskSpec): CheckedValue[] {
  const out: CheckedValue[] = [];
  const matcher = (check: number, path: string, field: string | undefined, m: Matcher | undefined) => {
    const push = (p: string, v: unknown) =>
      (typeof v === 'string' || typeof v === 'number') &&
      out.push({ path: p, value: v, check, ...(field ? { field } : {}) });
    if (typeof m === 'string' || typeof m === 'number') push(path, m);
    else if (m && typeof m === 'object' && !Array.isArray(m)) {
      const o = m as Record<string, unknown>;
      push(`${path}.equals`, o.equals);
      if (Array.isArray(o.in)) o.in.forEach((v, j) => push(`${path}.in[${j}]`, v));
    }
  };
  const where = (check: number, path: string, w: Where | undefined) => {
    for (const [f, m] of Object.entries(w ?? {})) matcher(check, `${path}.${f}`, f, m);
  };
  spec.checks.forEach((c, i) => {
    const at = `checks[${i}]`;
    switch (c.kind) {
      case 'tool_called':
        where(i, `${at}.args`, c.args);
        break;
      case 'tool_arg':
        (c.accept ?? []).forEach((v, j) => matcher(i, `${at}.accept[${j}]`, c.arg, v as Matcher));
        break;
      case 'audit_present':
      case 'audit_count':
        where(i, `${at}.where`, c.where);
        break;
      case 'audit_sequence':
        c.steps.forEach((s, j) =>
          where(i, `${at}.steps[${j}].${'tool' in s ? 'args' : 'where'}`, 'tool' in s ? s.args : s.where),
        );
        break;
      case 'state_equals':
        matcher(i, `${at}.value`, c.field, c.value);
        break;
      case 'response_contains':
      case 'response_matches':
        if (c.kind === 'response_contains') {
          (c.all ?? []).forEach((v, j) => matcher(i, `${at}.all[${j}]`, undefined, v));
          (c.any ?? []).forEach((v, j) => matcher(i, `${at}.any[${j}]`, undefined, v));
        }
        break;
      case 'file_matches':
        for (const k of ['cell', 'table', 'csv', 'json'] as const) {
          const clause = c[k] as { value?: Matcher; column?: string } | undefined;
          if (clause) matcher(i, `${at}.${k}.value`, clause.column, clause.value);
        }
        break;
    }
  });
  return out;
}
