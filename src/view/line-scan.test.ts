import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../schema/canonical-json.js';
import type { Trajectory } from '../schema/trajectory.js';
import { checksOf, matchClose, type Slim, slimFast, slimOf, slimOfValue } from './line-scan.js';
import { exampleTrajectories } from './testing.js';

/** A slim whose checks were left in the line (gradeSpan) with them read, as the index does later. */
function resolved(buf: Buffer, s: Slim | undefined): Slim | undefined {
  if (!s?.gradeSpan) return s;
  const { gradeSpan, ...rest } = s;
  return { ...rest, checks: checksOf(buf.toString('utf8', gradeSpan[0], gradeSpan[1])) };
}
const slim = (line: string) => {
  const buf = Buffer.from(line);
  const r = slimOf(buf, 0, buf.length);
  return 'slim' in r ? { slim: resolved(buf, r.slim) } : r;
};
const fast = (line: string) => {
  // inside a larger buffer, as the index reads lines
  const buf = Buffer.from(`x\n${line}\ny`);
  return resolved(buf, slimFast(buf, 2, buf.length - 2));
};
const lazy = (line: string) => {
  const buf = Buffer.from(line);
  return slimFast(buf, 0, buf.length)?.gradeSpan !== undefined;
};

describe('slimOf: the overview of a trajectory line without parsing it whole', () => {
  it('equals the full parse for real trajectories in both key orders coworkenv writes', async () => {
    const ts = await exampleTrajectories();
    assert.ok(ts.length >= 10 && ts.some((t) => t.grade?.passed === false) && ts.some((t) => t.grade?.passed === true));
    for (const t of ts) {
      const expected = slimOfValue(t);
      assert.ok(expected?.grade, t.task_id);
      assert.deepEqual(slim(canonicalJson(t)), { slim: expected }, `canonical ${t.task_id}`);
      assert.deepEqual(slim(JSON.stringify(t)), { slim: expected }, `JSON.stringify ${t.task_id}`);
      // the shortcut itself answers (no fallback to a full parse); a canonical line's checks are left for later
      assert.deepEqual(fast(canonicalJson(t)), expected);
      assert.deepEqual(fast(JSON.stringify(t)), expected);
      assert.equal(lazy(canonicalJson(t)), true);
    }
  });

  it('is not fooled by keys and braces inside strings, or by a nested "grade" object', async () => {
    const [base] = await exampleTrajectories();
    const t = structuredClone(base) as Trajectory;
    t.task_id = 'odd "id" with \\ and } and "grade":{';
    t.events.splice(1, 0, { type: 'user', source: 'sim', text: '"type":"episode_end"} {"grade":{"score":1} ]' });
    // an audit record that itself has a "grade" object, after the events in both orders
    t.audit.records.hr = { reviews: [{ grade: { score: 9, checks: [] } }] };
    const expected = slimOfValue(t);
    assert.deepEqual(slim(canonicalJson(t)), { slim: expected });
    assert.deepEqual(slim(JSON.stringify(t)), { slim: expected });
    assert.deepEqual(fast(canonicalJson(t)), expected);
    assert.deepEqual(fast(JSON.stringify(t)), expected);
    // without a grade, a nested one is not taken for it
    delete t.grade;
    const ungraded = slimOfValue(t);
    assert.equal(ungraded?.grade, undefined);
    assert.deepEqual(slim(canonicalJson(t)), { slim: ungraded });
    assert.deepEqual(slim(JSON.stringify(t)), { slim: ungraded });
    // the shortcut declines (the nested grade does not end the record) rather than answer wrongly
    assert.equal(fast(JSON.stringify(t)), undefined);
  });

  it('keeps the episode_end error (infra errors are listed with it) and reads other key orders by parsing', async () => {
    const [base] = await exampleTrajectories();
    const t = structuredClone(base) as Trajectory;
    t.events[t.events.length - 1] = { type: 'episode_end', reason: 'infra_error', turns: 2, error: 'boom "x" }' };
    assert.deepEqual(slim(canonicalJson(t)), { slim: slimOfValue(t) });
    assert.equal((slim(canonicalJson(t)) as { slim: { error: string } }).slim.error, 'boom "x" }');
    const reordered = JSON.stringify({
      grade: t.grade,
      events: t.events,
      audit: t.audit,
      trial: t.trial,
      task_id: t.task_id,
      version: 1,
      kind: 'trajectory',
    });
    assert.equal(fast(reordered), undefined);
    assert.deepEqual(slim(reordered), { slim: slimOfValue(t) });
  });

  it('reports lines that are not JSON or not trajectories', () => {
    assert.match((slim('{"kind":"trajectory","task_id":"a"') as { problem: string }).problem, /^not valid JSON/);
    assert.deepEqual(slim('{"kind":"other"}'), { problem: 'not a trajectory record' });
    assert.deepEqual(slim('[1,2]'), { problem: 'not a trajectory record' });
  });

  it('matchClose skips strings with escapes and reports an unclosed value', () => {
    const b = Buffer.from('{"a":"}\\"}","b":[1,{"c":2}]} tail');
    assert.equal(matchClose(b, 0, b.length), b.indexOf(' tail'));
    const open = Buffer.from('{"a":"}"');
    assert.equal(matchClose(open, 0, open.length), -1);
  });
});
