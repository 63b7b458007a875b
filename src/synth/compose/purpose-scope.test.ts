import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { lintText } from '../kit/lint.js';
import { drawRule } from '../rules/draw.js';
import { exceptionReason } from '../rules/exception-reasons.js';
import { CONCERNS } from './concerns.js';
import { ACTS } from './policy-acts.js';
import { narrowingNote, narrowingOf } from './purpose-scope.js';
import { PARTS } from './registry.js';

// a section's purpose speaks of the whole work: whatever its drawn rule narrows that to is said after it, for every
// act of every record type, and an exception's reason names an owner elsewhere for a minority of lines only

describe('purpose scope', () => {
  it('states every narrowing a drawn rule makes, one sentence each, in clean text', () => {
    const rng = createRng('scope');
    let narrowed = 0;
    for (const src of PARTS.sources) {
      const n = { singular: src.noun[0], plural: src.noun[1] };
      for (const a of ACTS[src.name] ?? [])
        for (const d of ['easy', 'medium', 'hard'] as const)
          for (let i = 0; i < 4; i++) {
            const lean = { ...CONCERNS[src.name], ...a.lean };
            const r = drawRule(src.fields, rng, d, lean, a.must, Object.keys(a.lean ?? {}), a.bounds);
            const k = r.all.filter((x) => narrowingOf(x, a.lean ?? {})).length;
            const note = narrowingNote(r, src.fields, n, rng, a.lean ?? {});
            assert.equal(note === undefined, k === 0, `${src.name} ${a.sections[0]}`);
            if (!note) continue;
            narrowed++;
            assert.equal(note.split(/(?<=\.) (?=[A-Z])/).length >= k, true, note);
            assert.deepEqual(lintText(`${a.why} ${note}`, '2026-06-17T09:00:00Z'), [], note);
          }
    }
    assert.ok(narrowed > 100, `${narrowed} narrowed rules`);
  });

  it('gives an owner elsewhere as the reason for at most a third of exceptions', () => {
    const rng = createRng('owners');
    let lines = 0;
    let owner = 0;
    for (const src of PARTS.sources) {
      const n = { singular: src.noun[0], plural: src.noun[1] };
      for (const a of ACTS[src.name] ?? [])
        for (let i = 0; i < 6; i++) {
          const lean = { ...CONCERNS[src.name], ...a.lean };
          const r = drawRule(src.fields, rng, 'hard', lean, a.must, Object.keys(a.lean ?? {}), a.bounds);
          if (!r.unless) continue;
          lines++;
          const why = exceptionReason(r.unless, src.fields, n, rng, lean);
          if (/\bowner\b|another team|its own (?:lead|people)|colleague who covers|team sees to/.test(why)) owner++;
        }
    }
    assert.ok(lines > 100 && owner * 3 <= lines, `${owner} of ${lines} exception reasons name an owner`);
  });
});
