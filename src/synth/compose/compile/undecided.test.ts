import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpecInput } from '../../../schema/task-spec.js';
import { composition } from '../testing.js';

// a task that asks first gives its own reason (its team, its section, its deliverable) and the user's answer
// settles it; no stock sentence stands for "ask first"; and a rule the agent has to find and apply is the norm
const corpus: TaskSpecInput[] = Array.from({ length: 300 }, (_, i) => composition(i, 6_271 * i + 5));
const asks = corpus.filter((t) =>
  (t.checks ?? []).some((c) => c.kind === 'asked_user' && !('absent' in c && c.absent)),
);

// the request's sentence that holds the ask, with quoted titles and sections left out
function askLine(t: TaskSpecInput): string {
  const text = typeof t.request === 'string' ? t.request : JSON.stringify(t.request);
  const line = text
    .split(/(?<=[.!?])\s+|\n/)
    .find((s) =>
      /\b(?:ask me|check with me|give me a shout|check the title with me|don't (?:save|send) it until)\b/i.test(s),
    );
  return (line ?? '').replace(/"[^"]*"/g, '"…"').toLowerCase();
}

describe('the open destination of a task that asks first', () => {
  it('is asked about in enough tasks to judge', () => assert.ok(asks.length >= 30, `${asks.length}`));

  it('no reason for asking recurs across the corpus', () => {
    const n = new Map<string, number>();
    for (const t of asks) {
      const reason = askLine(t)
        .replace(/\b(?:ask me|check with me|give me a shout|don't (?:save|send) it until)[^,:—]*/, '')
        .trim();
      n.set(reason, (n.get(reason) ?? 0) + 1);
    }
    const [top, count] = [...n.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    assert.ok(count <= Math.max(3, asks.length * 0.08), `"${top}" in ${count} of ${asks.length}`);
  });

  it("the user's answer names the destination the checks want", () => {
    for (const t of asks) {
      const say = t.user?.signals?.find((s) => s.id === 'destination')?.effect.say ?? '';
      const value = (t.user?.knowledge?.[0] ?? '').replace(/^The .+? to use is (.*)\.$/, '$1');
      assert.ok(value && say.includes(value), `${t.id}: "${say}" / ${value}`);
    }
  });

  it('a reason that calls for a new place is settled by a path no agent that skips asking would guess', () => {
    const calls =
      /fresh folder|somewhere new|kept apart from last year|naming scheme|named a particular way|new layout|being regrouped|particular folder|tracker of their own/;
    let seen = 0;
    for (const t of asks) {
      const text = typeof t.request === 'string' ? t.request : '';
      const say = t.user?.signals?.find((s) => s.id === 'destination')?.effect.say ?? '';
      const path = /(?:reports|intranet|site)\/\S*[a-z0-9]/.exec(say)?.[0];
      if (!calls.test(text) || !path) continue;
      seen++;
      assert.ok(/\/(?:\d{4}|tracker|news|[a-z-]+)\/|_v1\./.test(path), `${t.id}: "${say}" after "${askLine(t)}"`);
    }
    assert.ok(seen >= 5, `${seen}`);
  });

  it('a section’s lists are filed where the colleague who keeps the drive says, never by a stock sentence', () => {
    let seen = 0;
    for (const t of asks) {
      const line = askLine(t);
      if (!/"…" lists/.test(line)) continue;
      seen++;
      // the keeper is a named colleague introduced by their part, and the user's answer comes from them
      assert.ok(!/still get filed apart from the rest|have sometimes had a folder/.test(line), `${t.id}: ${line}`);
      const first = /\b([a-z]+)(?:, who| \(who)/.exec(line)?.[1];
      assert.ok(first, `${t.id}: ${line}`);
      const say = t.user?.signals?.find((s) => s.id === 'destination')?.effect.say ?? '';
      assert.ok(say.toLowerCase().includes(first), `${t.id}: ${say}`);
    }
    assert.ok(seen > 0);
  });

  it('not asking caps completion under the pass line', () => {
    for (const t of asks) {
      const asked = t.checks?.find((c) => c.kind === 'asked_user');
      assert.ok((asked?.cap?.completion_at_most ?? 1) < (t.scoring?.pass_threshold ?? 0.75), t.id);
    }
  });
});

describe('the selection rule', () => {
  it('is read from a document in nearly every composed task', () => {
    const composed = corpus.filter((t) => t.provenance?.generator === 'compose');
    const stated = composed.filter((t) => !(t.checks ?? []).some((c) => c.id === 'policy_read'));
    assert.ok(stated.length <= composed.length * 0.1, `${stated.length} of ${composed.length} state it`);
  });
});
