import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createEpisode } from '../../env/episode.js';
import { CoworkError } from '../../schema/errors.js';
import { makeSpec } from '../../schema/testing.js';
import { DEFAULT_WORKSPACE_BUDGET, formatBytes, setWorkspaceBudget } from './limits.js';
import { planCapacity } from './capacity.js';
import { configureShellPool, DEFAULT_SHELL_POOL, IsolationPool, shellPool } from './isolation-pool.js';
import { bubblewrapStatus, runVirtual } from './shell.js';
import { fail, files, ok, records, sh } from '../../env/testing/workspace.js';

// npm test: foreground (deadlines and limits are asserted on units that must get a core)

const FIXTURE = { 'notes.txt': 'keep me', 'data/a.csv': 'x,y\n1,2' };
const spec = makeSpec({ services: ['workspace'], fixtures: { workspace: { files: FIXTURE } } });
const bw = bubblewrapStatus();
const MODES = [
  { mode: 'virtual' as const, skip: undefined },
  { mode: 'real' as const, skip: bw.ok ? undefined : `bubblewrap unavailable: ${bw.reason}` },
];
const OPTS = { now: '2026-03-10T09:00:00Z', timeoutMs: 5000, maxOutput: 1000 };

after(() => shellPool().close());

describe('shell pool', () => {
  it('runs just-bash in a worker and answers with only what changed', async () => {
    const input = [
      { path: 'a.txt', content: 'one', encoding: 'utf8' as const },
      { path: 'b.txt', content: 'two', encoding: 'utf8' as const },
    ];
    const r = await runVirtual(input, 'cat a.txt; echo three > c.txt; rm b.txt', OPTS);
    assert.deepEqual([r.exitCode, r.stdout, r.stopped, r.sandbox], [0, 'one', undefined, 'just-bash']);
    assert.deepEqual(r.files, [input[0], { path: 'c.txt', content: 'three\n', encoding: 'utf8' }]);
    // an unchanged file is the caller's own object, not a copy that came back from the worker
    assert.equal(r.files[0], input[0]);
  });

  it('gives every command a fresh shell: nothing one command leaves outside the workspace reaches the next', async () => {
    const plant =
      'echo planted > /tmp/x; echo "echo evil" > /bin/cat; chmod 000 /bin/ls; mkdir -p /home/user; echo h > /home/user/h; export PLANTED=1; f() { echo f; }; cd /tmp; hash -p /tmp/x grep';
    const first = await runVirtual([], plant, OPTS);
    assert.equal(first.exitCode, 0, first.stderr);
    // many commands, so that every worker of the pool has served one after the plant
    for (let i = 0; i < 8; i++) {
      const r = await runVirtual(
        [{ path: 'a.txt', content: 'one', encoding: 'utf8' }],
        'ls /tmp; cat /home/user/h 2>&1; echo "[$PLANTED]"; type f 2>&1; pwd; cat a.txt; ls -l /bin/ls | cut -c1-4; echo x | grep x',
        OPTS,
      );
      assert.equal(
        r.stdout,
        'cat: /home/user/h: No such file or directory\n[]\nbash: type: f: not found\n/workspace\none-rwx\nx\n'.replace(
          '-rwx',
          '-rw-',
        ),
        r.stderr,
      );
    }
  });

  it('terminates a worker at the deadline, even in a loop that never yields, and carries on', async () => {
    const started = Date.now();
    const r = await runVirtual([], "awk 'BEGIN{for(i=0;i<1000;i++) for(j=0;j<1000;j++) s+=j}'", {
      ...OPTS,
      timeoutMs: 500,
    });
    assert.ok(Date.now() - started < 1500, `answered after ${Date.now() - started} ms`);
    assert.deepEqual([r.stopped, r.exitCode, r.files], ['timeout', 124, []]);
    assert.equal((await runVirtual([], 'echo ok', OPTS)).stdout, 'ok\n');
  });

  it('stops a command past the worker heap limit as memory_limit, and carries on', async () => {
    configureShellPool({ heapMb: 64 });
    try {
      const input = [{ path: 'a.txt', content: 'one', encoding: 'utf8' as const }];
      const r = await runVirtual(
        input,
        // many 1 MB strings: a single allocation far past the limit (a doubled 64 MB string) aborts the whole
        // process instead, since V8 lets a worker over its limit by only 16 MB to unwind
        'echo changed > a.txt; s=$(printf "%01000000d" 0); for i in $(seq 1 400); do a[$i]=${s/0/$i}; done; echo ${#a[@]}',
        { ...OPTS, timeoutMs: 20_000 },
      );
      assert.deepEqual([r.stopped, r.exitCode, r.files], ['memory_limit', 137, input]);
      assert.equal((await runVirtual(input, 'cat a.txt', OPTS)).stdout, 'one');
    } finally {
      // the tests below run one command at a time: no idle spare workers beside the one that runs it
      configureShellPool({ warm: 0 });
    }
  });

  it('runs at most `max` commands at once; the rest wait in line', async () => {
    const pool = new IsolationPool({ warm: 1, max: 1 });
    try {
      let inside = 0;
      let most = 0;
      const job = async () => {
        inside++;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inside--;
      };
      await Promise.all([pool.slot(job), pool.slot(job), pool.slot(job)]);
      assert.equal(most, 1);
      assert.deepEqual({ ...pool.stats(), spawned: 0 }, { workers: 0, running: 0, waiting: 0, spawned: 0 });
    } finally {
      await pool.close();
    }
  });

  it('shows budgets in readable units', () => {
    assert.deepEqual(
      [formatBytes(50_000_000), formatBytes(195_000), formatBytes(4_345_300_000), formatBytes(999)],
      ['50 MB', '195 KB', '4.3 GB', '999 bytes'],
    );
  });

  it('refuses impossible options', () => {
    assert.throws(() => new IsolationPool({ warm: 3, max: 2 }), /need 0 <= warm <= max/);
    assert.throws(() => new IsolationPool({ max: 0 }), /max >= 1/);
    // a smaller worker heap would abort the process on an out-of-memory command
    assert.throws(() => new IsolationPool({ heapMb: 32 }), /heapMb >= 64/);
  });
});

for (const { mode, skip } of MODES) {
  describe(`workspace consistency after a stopped command (${mode})`, () => {
    it('a timed-out command leaves every file as it was before it; the episode goes on', {
      skip,
      timeout: 30_000,
    }, async () => {
      const ep = createEpisode(spec, { shell: mode });
      const before = files(ep);
      const loop =
        mode === 'virtual' ? "awk 'BEGIN{for(i=0;i<1000;i++) for(j=0;j<1000;j++) s+=j}'" : 'while :; do :; done';
      const e = fail(
        await sh(ep, `echo new > new.txt; echo changed > notes.txt; rm data/a.csv; ${loop}`, { timeout_seconds: 1 }),
        'command_failed',
        /^timed out after 1s \(file changes discarded\)/,
      );
      assert.deepEqual([e.limit, e.exit_code, e.changed], ['timeout', 124, []]);
      assert.deepEqual(files(ep), before);
      assert.deepEqual(
        records(ep, 'commands').map((r) => [r.exit_code, r.changed]),
        [[124, []]],
      );
      assert.deepEqual(ok(await sh(ep, 'cat notes.txt; echo more >> notes.txt')).changed, ['notes.txt']);
    });

    it('a command that writes past the workspace budget is refused and changes nothing', {
      skip,
      timeout: 30_000,
    }, async () => {
      const previous = setWorkspaceBudget({ bytes: 200_000, files: 50 });
      try {
        const ep = createEpisode(spec, { shell: mode });
        const before = files(ep);
        // 45 MB from a 40-byte command: refused while it runs (not after it has filled memory)
        const big = fail(
          await sh(ep, "rm notes.txt; printf '%045000000d' 0 > big.txt"),
          'command_failed',
          /^workspace limit exceeded: the command left more than 200 KB of files/,
        );
        assert.equal(big.limit, 'workspace_size');
        assert.deepEqual(files(ep), before);
        const many = fail(
          await sh(ep, 'mkdir d; for i in $(seq 1 400); do echo $i > d/$i; done'),
          'command_failed',
          /^workspace limit exceeded: the command left more than 50 files/,
        );
        assert.equal(many.limit, 'workspace_size');
        assert.deepEqual(files(ep), before);
        // files created and removed again: stopped while it runs (the read-back alone would let it pass)
        const started = Date.now();
        const churn = fail(
          await sh(ep, 'for i in $(seq 1 9000); do : > f$i; done; rm -f f*', { timeout_seconds: 20 }),
          'command_failed',
          /^workspace limit exceeded: the command left more than (50 files|100 files and directories)/,
        );
        assert.equal(churn.limit, 'workspace_size');
        assert.ok(Date.now() - started < 10_000, `stopped after ${Date.now() - started} ms`);
        assert.deepEqual(files(ep), before);
      } finally {
        setWorkspaceBudget(previous);
      }
    });
  });
}

describe('no host environment inside the shell', () => {
  const SECRET = 'sk-planted-0123456789abcdef';
  const COMMANDS = [
    'cat /proc/1/environ',
    'env',
    'cat /proc/self/environ',
    'cat /proc/*/environ',
    'echo "$OPENAI_API_KEY$COWORKENV_PLANTED"',
  ];
  for (const { mode, skip } of MODES) {
    it(`${mode}: a planted key and host variables are visible nowhere`, { skip, timeout: 30_000 }, async () => {
      const saved = { ...process.env };
      process.env.OPENAI_API_KEY = SECRET;
      process.env.COWORKENV_PLANTED = SECRET;
      try {
        const ep = createEpisode(spec, { shell: mode });
        for (const command of COMMANDS) {
          const r = await sh(ep, `${command} 2>&1; true`);
          assert.equal(r.ok, true, r.content);
          assert.doesNotMatch(r.content, /sk-planted|COWORKENV_PLANTED|OPENAI_API_KEY/, command);
          // nothing of the host's environment either (its PATH, HOME, user)
          assert.doesNotMatch(r.content, new RegExp(`${process.env.HOME ?? '/root'}\\b|USER=|NODE_|npm_`), command);
        }
        if (mode === 'real') {
          // PID 1 (bwrap) and the command see only the sandbox's fixed variables
          const env1 = JSON.parse((await sh(ep, "tr '\\0' '\\n' < /proc/1/environ")).content).stdout as string;
          assert.deepEqual(env1.trim().split('\n').sort(), ['PATH=/usr/bin:/bin']);
        }
      } finally {
        for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
        Object.assign(process.env, saved);
      }
    });
  }
});

describe('server capacity', () => {
  const HOST = { heapLimitBytes: 4_000_000_000, totalMemBytes: 16_000_000_000, pool: DEFAULT_SHELL_POOL };

  it('keeps the default budget when every session fits', () => {
    assert.deepEqual(planCapacity({ ...HOST, maxSessions: 8 }), { budget: { ...DEFAULT_WORKSPACE_BUDGET } });
  });

  it('lowers the default budget so that --max-sessions workspaces fit, and says so', () => {
    const plan = planCapacity({ ...HOST, maxSessions: 4096 });
    assert.ok(plan.budget.bytes >= 100_000 && plan.budget.bytes < 1_000_000, String(plan.budget.bytes));
    // 4096 full workspaces at two bytes per character fit in half the heap
    assert.ok(4096 * (100_000 + 2 * plan.budget.bytes + 200 * plan.budget.files) <= HOST.heapLimitBytes / 2);
    assert.match(
      String(plan.note),
      /^workspace budget lowered from 50 MB to \d+(\.\d)? KB and \d+ files per episode so that 4096 sessions fit in 2 GB of Node's 4 GB heap and 8 GB of 16 GB RAM; lower --max-sessions for more$/,
    );
  });

  it('tasks without a workspace: any --max-sessions their episodes fit in, with no budget lowered', () => {
    assert.deepEqual(planCapacity({ ...HOST, maxSessions: 15_000, workspace: false }), {
      budget: { ...DEFAULT_WORKSPACE_BUDGET },
    });
    // the same count with workspaces is refused
    assert.throws(() => planCapacity({ ...HOST, maxSessions: 15_000 }), /Use --max-sessions \d+ or less/);
    // the episodes themselves still have to fit
    assert.throws(
      () => planCapacity({ ...HOST, maxSessions: 100_000, workspace: false }),
      /^CoworkError: --max-sessions 100000 needs up to 10 GB of heap for the episodes; .* Use --max-sessions 20000 or less/,
    );
  });

  it('refuses an explicit budget, or a session count, that cannot fit, naming the numbers and the fix', () => {
    assert.throws(
      () => planCapacity({ ...HOST, maxSessions: 4096, workspaceBytes: 50_000_000 }),
      (e: unknown) =>
        e instanceof CoworkError &&
        e.code === 'bad_input' &&
        /^--max-sessions 4096 with a 50 MB workspace each needs up to .+; this host allows .+\. Use --max-sessions \d+ or less/.test(
          e.message,
        ),
    );
    assert.throws(
      () => planCapacity({ ...HOST, maxSessions: 1_000_000 }),
      /^CoworkError: --max-sessions 1000000 leaves each episode a workspace of .* Use --max-sessions \d+ or less/,
    );
    assert.throws(
      () => planCapacity({ ...HOST, maxSessions: 4096, fixtureBytes: 5_000_000 }),
      /less than the 5 MB it needs \(the largest workspace a served task starts with\)/,
    );
  });
});
