import { canonicalJson } from '../schema/canonical-json.js';
import { renderTranscript } from './context.js';
import type { CheckOutcome, GradeContext } from './types.js';

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

/** A rubric to judge: an llm_judge check or an item of the spec's `judge` list. */
export interface JudgedItem {
  id: string;
  rubric: string;
  over: Parameters<typeof judgeMaterial>[0];
  files?: readonly string[];
}

/** Asks the judge about one rubric: unavailable without a judge, an error when the call fails — never a score. */
export async function askJudge(item: JudgedItem, ctx: GradeContext): Promise<CheckOutcome> {
  if (!ctx.judge) return { score: null, status: 'unavailable', reason: 'no judge configured', evidence: [] };
  try {
    const v = await ctx.judge.judge({
      task_id: ctx.spec.id,
      item_id: item.id,
      rubric: item.rubric,
      over: item.over,
      request: ctx.spec.request,
      material: judgeMaterial(item.over, ctx, item.files),
    });
    return { score: v.score, evidence: [{ judge: ctx.judge.name, reasoning: v.reasoning }] };
  } catch (e) {
    return {
      score: null,
      status: 'error',
      reason: e instanceof Error ? e.message : String(e),
      evidence: [{ judge: ctx.judge.name }],
    };
  }
}
