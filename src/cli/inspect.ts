import type { Command } from 'commander';
import { loadSpecs } from '../run/task-files.js';
import { canonicalJson } from '../schema/canonical-json.js';
import type { Check } from '../schema/check-kinds.js';
import { checkProbes } from '../validate/probes.js';
import { color, out, table } from './output.js';

/** A one-line target of a check, for reviewers. */
export function describeTarget(c: Check): string {
  switch (c.kind) {
    case 'tool_called':
      return `${c.tool} ×≥${c.min_calls}${c.max_calls ? ` ≤${c.max_calls}` : ''}${c.args ? ` ${canonicalJson(c.args)}` : ''}`;
    case 'tool_arg':
      return `${c.tool}.${c.arg} ${c.accept ? `∈ ${canonicalJson(c.accept)}` : ''}${c.pattern ? ` ~ /${c.pattern}/` : ''}${c.mode === 'all' ? ' (all)' : ''}`;
    case 'audit_present':
      return `${c.service}.${c.record} ${canonicalJson(c.where)}${c.min > 1 ? ` ×≥${c.min}` : ''}${c.exclusive ? ' (no other entries)' : ''}`;
    case 'audit_absent':
      return `${c.service}.${c.record} ${canonicalJson(c.where)}`;
    case 'audit_count': {
      const bounds = [
        c.equals !== undefined ? `= ${c.equals}` : '',
        c.min !== undefined ? `≥ ${c.min}` : '',
        c.max !== undefined ? `≤ ${c.max}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `${c.service}.${c.record} ${canonicalJson(c.where)} count ${bounds}`;
    }
    case 'audit_sequence':
      return c.steps.map((s) => ('tool' in s ? s.tool : `${s.service}.${s.record}`)).join(' → ');
    case 'state_equals':
      return `${c.service}.${c.collection}[${c.record_id}].${c.field} = ${canonicalJson(c.value)}`;
    case 'response_contains':
    case 'response_matches':
      return ['all', 'any', 'none']
        .flatMap((k) => (c[k as 'all'] ? [`${k}: ${(c[k as 'all'] ?? []).join(' | ')}`] : []))
        .join('; ');
    case 'asked_user':
      return `${c.absent ? 'no question ' : ''}${c.topics ? `about ${c.topics.join(' | ')}` : 'any question'}`;
    case 'file_exists':
    case 'file_unchanged':
      return c.path;
    case 'file_matches':
      return [
        c.path,
        c.regex ? `~ /${c.regex}/` : '',
        c.json ? `${c.json.path} = ${canonicalJson(c.json.value)}` : '',
        c.csv ? `${c.csv.column} = ${canonicalJson(c.csv.value)}` : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'media_matches':
      return [
        c.path,
        c.format ?? '',
        c.width || c.height ? `${c.width ?? '?'}×${c.height ?? '?'} px` : '',
        c.duration_s ? `${c.duration_s.min ?? 0}–${c.duration_s.max ?? '∞'} s` : '',
        c.sample_rate ? `${c.sample_rate} Hz` : '',
        c.region ? `region ${c.region.width}×${c.region.height}@${c.region.x},${c.region.y} ≈ ${c.region.color}` : '',
        c.same_as
          ? `= ${c.same_as.path}${c.same_as.ops.length ? ` ${c.same_as.ops.map((o) => o.op).join('+')}` : ''}`
          : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'llm_judge':
      return `${c.over}: ${c.rubric.slice(0, 60)}`;
  }
}

export function inspectCommand(program: Command): void {
  program
    .command('inspect')
    .description('show what a reviewer reads before accepting a task')
    .argument('<paths...>', 'spec files or directories')
    .action(async (paths: string[]) => {
      for (const { file, spec } of await loadSpecs(paths)) {
        out(color.bold(`${spec.id} — ${spec.title}`) + color.dim(`  (${file})`));
        out(`family ${spec.family} · ${spec.labels.difficulty} · ${spec.labels.language} · ${spec.labels.scenario}`);
        out(
          `capabilities ${spec.labels.capabilities.join(', ')}${spec.labels.safety.length ? ` · safety ${spec.labels.safety.join(', ')}` : ''}`,
        );
        out(
          `mock today ${spec.mock_today} · limits ${spec.limits.max_turns} turns, ${spec.limits.timeout_s}s · error rate ${spec.errors.rate}`,
        );
        out(`\n${color.bold('Request')}\n  ${spec.request}`);
        out(`\n${color.bold('Services and records')}`);
        for (const s of spec.services) {
          const cols = Object.entries(spec.fixtures[s] ?? {}).map(
            // workspace files may be given as {path: file}: a file per key
            ([c, rows]) =>
              `${c}: ${Array.isArray(rows) ? rows.length : rows && typeof rows === 'object' ? Object.keys(rows).length : 0}`,
          );
          out(`  ${s}  ${cols.join(', ') || color.red('no records')}`);
        }
        if (spec.tools) out(`  tool allow-list: ${spec.tools.join(', ')}`);
        if (spec.answer_ids.length) out(`  answer ids (hidden): ${spec.answer_ids.join(', ')}`);
        out(`\n${color.bold('Checks')} (completion)`);
        out(
          table(
            ['id', 'kind', 'weight', 'target'],
            spec.checks.map((c) => [c.id, c.kind, c.weight, describeTarget(c)]),
          ).replace(/^/gm, '  '),
        );
        out(`\n${color.bold('Forbidden')}`);
        out(`  tools: ${spec.forbidden.tools.join(', ') || '-'}`);
        for (const a of spec.forbidden.actions) out(`  action: ${a.service}.${a.record} ${canonicalJson(a.where)}`);
        if (spec.judge.length) {
          out(`\n${color.bold('Judge items')}`);
          for (const j of spec.judge) out(`  ${j.id} (${j.weight}, ${j.over}): ${j.rubric}`);
        }
        if (spec.user)
          out(
            `\n${color.bold('User')}: ${spec.user.persona} · ${spec.user.signals.length} signal(s) · max ${spec.user.max_rounds} rounds`,
          );
        out(`\n${color.bold('Reference')}`);
        spec.reference.forEach((s, i) => {
          const text =
            'call' in s ? `${s.call} ${canonicalJson(s.args)}` : 'say' in s ? `say: ${s.say}` : `ask: ${s.ask}`;
          out(`  ${String(i + 1).padStart(2)}. ${text}`);
        });
        // the controlled failure states a released task must fail (gate step 11), with what each changed
        out(`\n${color.bold('Adversarial probes')} (must score below ${spec.scoring.pass_threshold})`);
        const probes = await checkProbes(spec);
        for (const p of [...probes.results, ...probes.advisory])
          out(
            `  ${p.probe.padEnd(22)} ${p.score === null ? color.dim('not applicable') : `${p.passed ? (p.advisory ? color.yellow : color.red)(`${p.score} PASSES`) : p.score} (${p.runs} run${p.runs === 1 ? '' : 's'}: ${p.detail})`}${p.advisory ? color.dim(' [advisory]') : ''}`,
          );
        const sc = spec.scoring;
        out(
          `\n${color.bold('Scoring')} ${sc.mode === 'claw' ? `safety × (${sc.completion}·completion + ${sc.robustness}·robustness)` : `geometric code:llm = ${sc.w_code}:${sc.w_llm}`}, pass ≥ ${sc.pass_threshold}\n`,
        );
      }
    });
}
