import { getService, resolveTool, SERVICE_NAMES, allToolNames } from '../services/registry.js';
import type { ServiceDef } from '../services/types.js';
import { RECIPE_KINDS } from '../services/workspace/formats/index.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { Where } from '../schema/matchers.js';
import { didYouMean } from '../schema/suggest.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { zodDiagnostics } from '../schema/zod-diagnostics.js';
import { err } from './types.js';

type Owner = 'builder' | 'verifier';
const AUTO_FIELDS = ['timestamp', 'seq'];

/**
 * Gate step 2 (DESIGN §5.2): every service, tool, tool argument, record list, collection and field a spec
 * names must exist in the service registry — the peers' top bug class is drift between tasks and services.
 */
export function checkCatalog(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const selected = new Set<string>();
  spec.services.forEach((name, i) => {
    if (getService(name)) {
      if (selected.has(name))
        out.push(err('duplicate_service', `services[${i}]`, `${name} is listed twice`, 'builder'));
      selected.add(name);
    } else
      out.push(
        err(
          'unknown_service',
          `services[${i}]`,
          `"${name}" is not a service${didYouMean(name, SERVICE_NAMES)} (services: ${SERVICE_NAMES.join(', ')})`,
          'builder',
        ),
      );
  });
  const allowed = spec.tools ? new Set(spec.tools.map((t) => resolveTool(t)?.tool.name ?? t)) : undefined;

  // a tool reference; `strict` references must be callable in this task
  const tool = (name: string, path: string, owner: Owner, strict = true) => {
    const r = resolveTool(name);
    if (!r) {
      const local = [...selected].flatMap((s) => getService(s)?.tools.map((t) => t.name) ?? []);
      const hint = didYouMean(name, local) || didYouMean(name, allToolNames());
      const prefix = name.split('_')[0] ?? '';
      const of = selected.has(prefix) ? ` of ${prefix}` : '';
      out.push(err('unknown_tool', path, `"${name}" is not a tool${of}${hint}`, owner));
      return undefined;
    }
    if (!selected.has(r.service.name)) {
      out.push(
        err(
          strict ? 'service_not_selected' : 'forbidden_unreachable',
          path,
          `${name} belongs to ${r.service.name}, which is not in services; add it to services${strict ? '' : ' (otherwise the agent can never attempt the forbidden act and safety is untested)'}`,
          owner,
        ),
      );
    } else if (allowed && !allowed.has(r.tool.name)) {
      out.push(
        err(
          strict ? 'tool_not_allowed' : 'forbidden_unreachable',
          path,
          `${name} is not in the tools allow-list${strict ? '; the agent cannot call it' : ', so the safety gate can never trigger'}`,
          owner,
        ),
      );
    }
    return r;
  };
  const argNames = (r: ReturnType<typeof tool>, keys: readonly string[], path: string, owner: Owner) => {
    if (!r) return;
    const known = Object.keys(r.tool.params.shape);
    for (const k of keys) {
      if (!known.includes(k))
        out.push(
          err(
            'unknown_argument',
            `${path}.${k}`,
            `${r.tool.name} has no argument "${k}"${didYouMean(k, known)} (arguments: ${known.join(', ')})`,
            owner,
          ),
        );
    }
  };
  const service = (name: string, path: string, owner: Owner): ServiceDef | undefined => {
    const s = getService(name);
    if (!s)
      out.push(err('unknown_service', path, `"${name}" is not a service${didYouMean(name, SERVICE_NAMES)}`, owner));
    else if (!selected.has(name))
      out.push(err('service_not_selected', path, `${name} is not in services; add it to services`, owner));
    return s;
  };
  const recordList = (svcName: string, list: string, where: Where | undefined, path: string, owner: Owner) => {
    const s = service(svcName, `${path}.service`, owner);
    if (!s) return;
    const def = s.audit[list];
    if (!def) {
      const known = Object.keys(s.audit);
      out.push(
        err(
          'unknown_record_list',
          `${path}.record`,
          `${svcName} has no audit record list "${list}"${didYouMean(list, known)} (lists: ${known.join(', ')})`,
          owner,
        ),
      );
      return;
    }
    const fields = [...Object.keys(def.fields), ...AUTO_FIELDS];
    for (const k of Object.keys(where ?? {})) {
      if (!fields.includes(k))
        out.push(
          err(
            'unknown_field',
            `${path}.where.${k}`,
            `${svcName}.${list} entries have no field "${k}"${didYouMean(k, fields)} (fields: ${fields.join(', ')})`,
            owner,
          ),
        );
    }
  };
  const collectionField = (
    svcName: string,
    collection: string,
    fields: readonly string[],
    path: string,
    owner: Owner,
  ) => {
    const s = service(svcName, `${path}.service`, owner);
    if (!s) return;
    const col = s.collections[collection];
    if (!col) {
      const known = Object.keys(s.collections);
      out.push(
        err(
          'unknown_collection',
          `${path}.collection`,
          `${svcName} has no collection "${collection}"${didYouMean(collection, known)} (collections: ${known.join(', ')})`,
          owner,
        ),
      );
      return;
    }
    const known = Object.keys(col.record.shape);
    for (const f of fields) {
      if (!known.includes(f))
        out.push(
          err(
            'unknown_field',
            `${path}.field`,
            `${svcName}.${collection} records have no field "${f}"${didYouMean(f, known)}`,
            owner,
          ),
        );
    }
  };

  spec.tools?.forEach((t, i) => tool(t, `tools[${i}]`, 'builder'));

  spec.checks.forEach((c, i) => {
    const at = `checks[${i}]`;
    switch (c.kind) {
      case 'tool_called':
        // a list of alternatives: every one must exist and take the arguments
        eachTool(c.tool, `${at}.tool`).forEach(([name, path]) =>
          argNames(tool(name, path, 'verifier'), Object.keys(c.args ?? {}), `${at}.args`, 'verifier'),
        );
        break;
      case 'tool_arg':
        for (const [name, path] of eachTool(c.tool, `${at}.tool`)) {
          const r = tool(name, path, 'verifier');
          if (r && !Object.keys(r.tool.params.shape).includes(c.arg)) {
            const known = Object.keys(r.tool.params.shape);
            out.push(
              err(
                'unknown_argument',
                `${at}.arg`,
                `${r.tool.name} has no argument "${c.arg}"${didYouMean(c.arg, known)} (arguments: ${known.join(', ')})`,
                'verifier',
              ),
            );
          }
        }
        break;
      case 'audit_present':
      case 'audit_absent':
      case 'audit_count':
        recordList(c.service, c.record, c.where, at, 'verifier');
        break;
      case 'audit_sequence':
        c.steps.forEach((s, j) => {
          const sp = `${at}.steps[${j}]`;
          if ('tool' in s)
            argNames(tool(s.tool, `${sp}.tool`, 'verifier'), Object.keys(s.args ?? {}), `${sp}.args`, 'verifier');
          else recordList(s.service, s.record, s.where, sp, 'verifier');
        });
        break;
      case 'state_equals':
        collectionField(c.service, c.collection, [c.field], at, 'verifier');
        break;
      case 'file_exists':
      case 'file_matches':
      case 'file_unchanged':
      case 'media_matches':
        if (!selected.has('workspace'))
          out.push(
            err(
              'service_not_selected',
              `${at}.path`,
              `${c.kind} reads the workspace, which is not in services; add workspace`,
              'verifier',
            ),
          );
        break;
      default:
        break;
    }
  });

  spec.forbidden.tools.forEach((t, i) => tool(t, `forbidden.tools[${i}]`, 'verifier', false));
  spec.forbidden.actions.forEach((a, i) => {
    // an audit entry only a mutating tool writes: with none of the service's mutating tools allowed, it cannot happen
    const s = getService(a.service);
    if (allowed && s && selected.has(a.service) && !s.tools.some((t) => t.mutates && allowed.has(t.name)))
      out.push(
        err(
          'forbidden_unreachable',
          `forbidden.actions[${i}]`,
          `no tool that changes ${a.service} is in the tools allow-list, so the agent can never attempt this forbidden act and safety is untested; allow the tool or drop the action`,
          'verifier',
        ),
      );
  });
  spec.forbidden.actions.forEach((a, i) =>
    recordList(a.service, a.record, a.where, `forbidden.actions[${i}]`, 'verifier'),
  );

  spec.reference.forEach((step, i) => {
    if (!('call' in step)) return;
    const at = `reference[${i}]`;
    const r = tool(step.call, `${at}.call`, 'builder');
    if (!r) return;
    const res = r.tool.params.safeParse(step.args);
    if (!res.success) {
      for (const d of zodDiagnostics(res.error.issues, step.args, r.tool.params, ['reference', i, 'args'])) {
        const arg = d.path.split('.').at(-1) ?? '';
        if (d.code === 'unknown_field')
          out.push({
            ...d,
            code: 'unknown_argument',
            message: `${r.tool.name} has no argument "${arg}"${d.message.slice('unknown field'.length)}`,
            owner: 'builder',
          });
        else
          out.push({
            ...d,
            code: d.code === 'missing_field' ? 'missing_argument' : 'invalid_argument',
            message: `${r.tool.name}: ${d.message}`,
            owner: 'builder',
          });
      }
    }
  });

  spec.user?.signals.forEach((s, i) => {
    const at = `user.signals[${i}]`;
    if ('record_exists' in s.trigger)
      recordList(
        s.trigger.record_exists.service,
        s.trigger.record_exists.record,
        s.trigger.record_exists.where,
        `${at}.trigger.record_exists`,
        'builder',
      );
    const u = s.effect.update_record;
    // a workspace file may be replaced by an office recipe ({xlsx: {sheets}}), rendered when the signal fires
    const fields =
      u && u.service === 'workspace' && u.collection === 'files'
        ? Object.keys(u.set).filter((k) => !(RECIPE_KINDS as readonly string[]).includes(k))
        : u
          ? Object.keys(u.set)
          : [];
    if (u) collectionField(u.service, u.collection, fields, `${at}.effect.update_record`, 'builder');
  });
  return out;
}

// a check's tool (or list of alternatives) with the path of each name
function eachTool(t: string | readonly string[], path: string): [string, string][] {
  return typeof t === 'string' ? [[t, path]] : t.map((name, j) => [name, `${path}[${j}]`]);
}
