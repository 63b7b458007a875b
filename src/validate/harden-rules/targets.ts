import { toolNames } from '../../grade/evidence.js';
import { fixtureRows } from '../../services/fixtures.js';
import { getService, resolveTool } from '../../services/registry.js';
import { addForbidden, type Change, gradeOf, type HardenRule, type RawCheck } from './kit.js';

/** Audit checks become exclusive (no other entry on the list), tried one at a time. */
export const exclusive: HardenRule = {
  name: 'exclusive_audit',
  when: ['probe_spray_passed', 'probe_distractor_included_passed', 'probe_content_spray_passed'],
  async apply({ raw, spec, referenceHolds }) {
    const out: Change[] = [];
    for (const [i, c] of spec.checks.entries()) {
      if (c.kind !== 'audit_present' || c.exclusive || (c.min ?? 1) > 1) continue;
      const rc = raw.checks[i] as RawCheck;
      rc.exclusive = true;
      // the reference may rightly write other entries on the list (two tickets, one reply each)
      if (!(await referenceHolds(raw))) {
        delete rc.exclusive;
        continue;
      }
      out.push({
        rule: this.name,
        path: `checks[${i}].exclusive`,
        after: true,
        reason: `${c.id}: acting on every candidate also hit the target; now any other ${c.service}.${c.record} entry fails the check`,
      });
    }
    return out;
  },
};

/** The same action on the records no check asks for is forbidden (when exclusivity cannot hold). */
export const distractorsForbidden: HardenRule = {
  name: 'forbid_distractors',
  when: ['probe_spray_passed', 'probe_distractor_included_passed'],
  async apply({ raw, spec, memo }) {
    const out: Change[] = [];
    const touched = JSON.stringify([spec.reference, spec.checks, spec.answer_ids]);
    // a check of a mutating call's id argument (tool_arg on helpdesk_update_ticket.ticket_id) names the audit list
    // that call writes: the reference's run shows which list holds an entry with that id
    const t = await gradeOf(spec, spec.reference, memo);
    const targets = spec.checks.flatMap(
      (c): { id: string; service: string; record: string; where: Record<string, unknown> }[] => {
        if (c.kind === 'audit_present' && c.where)
          return [{ id: c.id, service: c.service, record: c.record, where: c.where }];
        if (c.kind !== 'tool_arg' || !(c.accept ?? []).length) return [];
        if (!toolNames(c.tool).some((n) => resolveTool(n)?.tool.mutates === true)) return [];
        return Object.entries(t.audit.records).flatMap(([service, lists]) =>
          Object.entries(lists).flatMap(([record, entries]) =>
            entries.some((e) => (c.accept ?? []).includes(e[c.arg] as string))
              ? [{ id: c.id, service, record, where: { [c.arg]: c.accept } }]
              : [],
          ),
        );
      },
    );
    for (const c of targets) {
      const svc = getService(c.service);
      for (const [name, col] of Object.entries(svc?.collections ?? {})) {
        if (!(col.id in c.where)) continue;
        const others = fixtureRows(spec, c.service, name)
          .map((r) => String((r as Record<string, unknown>)[col.id]))
          .filter((id) => !touched.includes(JSON.stringify(id)));
        if (!others.length) continue;
        const added = addForbidden(
          raw,
          { service: c.service, record: c.record, where: { [col.id]: { in: others } } },
          this.name,
          `${c.id}: the same ${c.record} action on ${others.join(', ')} (records the task does not ask for) now costs the whole score`,
        );
        if (added) out.push(added);
      }
    }
    return out;
  },
};
