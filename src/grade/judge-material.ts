import { canonicalJson } from '../schema/canonical-json.js';
import { renderTranscript } from './context.js';
import type { GradeContext } from './types.js';

const MAX = 12_000;

/** What a judge reads: the transcript (or its clarification phase), the audit artifacts (what really happened), or workspace files. */
export function judgeMaterial(
  over: 'transcript' | 'clarification' | 'audit' | 'files',
  ctx: GradeContext,
  files?: readonly string[],
): string {
  if (over === 'transcript') return renderTranscript(ctx.events, MAX);
  if (over === 'clarification') {
    // CoworkEnv App. E: the clarification phase ends at the simulated user's last message
    const last = ctx.events.findLastIndex((e) => e.type === 'user' && e.source === 'sim');
    return renderTranscript(last >= 0 ? ctx.events.slice(0, last + 1) : ctx.events, MAX);
  }
  if (over === 'audit') {
    const lines: string[] = [];
    for (const c of ctx.calls)
      lines.push(
        `#${c.seq} ${c.tool} ${c.ok ? 'ok' : `error ${c.error?.code ?? ''}`} ${canonicalJson(c.params ?? c.args)}`,
      );
    const text = `Calls:\n${lines.join('\n')}\nFinal response:\n${ctx.response}`;
    return text.length > MAX ? `${text.slice(0, MAX)}\n...[truncated]` : text;
  }
  const all = ctx.finalRecords('workspace', 'files');
  const wanted = files && files.length ? all.filter((f) => files.includes(String(f.path))) : all;
  if (wanted.length === 0) return '(no workspace files)';
  const text = wanted.map((f) => `--- ${String(f.path)}\n${String(f.content ?? '')}`).join('\n');
  return text.length > MAX ? `${text.slice(0, MAX)}\n...[truncated]` : text;
}
