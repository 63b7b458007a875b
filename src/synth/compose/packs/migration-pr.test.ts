import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { VOCAB } from '../../kit/domains/index.js';
import type { TextModel } from '../../rules/fields.js';
import { makeWorld } from '../world.js';
import { fitMigrationPr, migrationPrTitles } from './migration-pr.js';
import { migrations } from './software-engineering.js';
import { LOCK_SECONDS } from './software-engineering-data.js';
import { TABLES_OF } from './software-engineering-notes.js';
import { SPARED } from '../spared-data.js';

// a migration and the pull request that carries it tell one story: one author, a review state the migration's
// status allows, a title and a description naming tables of the migration's own database, and no schema change
// on a store without tables

const world = (k: number) =>
  makeWorld(createRng('migration-pr', k), 'Software_Engineering', 'medium', '2026-06-17T09:00:00Z');
const pr = (status: string) => ({
  pr_id: 'PR-1234',
  author: 'someone@else.example',
  reviewer: 'someone@else.example',
  status,
  ci_status: 'failing',
  approvals: 0,
});

describe('a migration and its pull request agree', () => {
  it('the pull request is the migration author’s, reviewed by someone else', () => {
    for (let k = 0; k < 30; k++) {
      const w = world(k);
      const author = w.staff[3]?.email as string;
      const fit = fitMigrationPr({ ...pr('open'), reviewer: author }, [{ author, status: 'pending review' }], w);
      assert.equal(fit.author, author);
      assert.notEqual(fit.reviewer, author);
    }
  });

  it('its review state fits the migration’s status', () => {
    const allowed: Record<string, readonly string[]> = {
      'pending review': ['approved'],
      approved: ['approved', 'merged'],
      scheduled: ['approved', 'merged'],
      applied: ['merged'],
      failed: ['merged'],
      'rolled back': ['merged'],
    };
    for (let k = 0; k < 30; k++)
      for (const [status, states] of Object.entries(allowed))
        for (const from of ['draft', 'open', 'closed', 'merged']) {
          const fit = fitMigrationPr(pr(from), [{ author: 'a@x.example', status }], world(k));
          assert.ok(states.includes(String(fit.status)), `${status} migration, ${from} PR → ${fit.status}`);
          assert.equal(fit.ci_status, 'passing');
        }
  });

  it('titles and descriptions name only tables of the migration’s database', () => {
    const foreign = (db: string) =>
      Object.entries(TABLES_OF)
        .filter(([d]) => d !== db)
        .flatMap(([, ts]) => ts)
        .filter((t) => !TABLES_OF[db]?.includes(t));
    const description = migrations.fields.find((m) => m.field === 'description') as TextModel;
    assert.ok(description.ofRecord, 'the description is written for its record');
    for (const db of Object.keys(TABLES_OF)) {
      for (const kind of ['create table', 'add column', 'add index', 'backfill'])
        for (const title of migrationPrTitles(kind, db))
          for (const t of foreign(db))
            assert.ok(!title.toLowerCase().includes(t.replace(/_/g, ' ').replace(/s$/, '')), `${db}: ${title}`);
      for (let i = 0; i < 100; i++) {
        const text = description.write(createRng('mig-desc', i), undefined, VOCAB.Software_Engineering, {
          database: db,
        });
        const named = /touches the (\w+) table/i.exec(text)?.[1];
        if (named) assert.ok(TABLES_OF[db]?.includes(named), `${db}: ${text}`);
      }
    }
  });

  it('a title names no data another database holds, and a kind with none left names the database’s own table', () => {
    assert.ok(!migrationPrTitles('alter type', 'analytics-warehouse').includes('Make email citext'));
    assert.ok(!migrationPrTitles('add column', 'orders-postgres').includes('Add currency to invoices'));
    for (const title of migrationPrTitles('add index', 'analytics-warehouse'))
      assert.ok(
        TABLES_OF['analytics-warehouse']?.some((t) => title.endsWith(t)),
        title,
      );
  });

  it('no schema migration runs on the Redis cache', () => {
    const database = migrations.fields.find((m) => m.field === 'database');
    assert.ok(database?.kind === 'enum');
    assert.ok(
      database.values.every((v) => !v.includes('redis')),
      database.values.join(', '),
    );
  });
});

// review 27 classes 2 and 3: the records bear out the reasons and the approvals a policy gives
describe('a migration’s records bear out its policy', () => {
  it('a migration up for approval has an approved pull request on a green build, whatever it was drawn as', () => {
    for (let k = 0; k < 30; k++)
      for (const from of ['open', 'changes requested', 'draft', 'approved'])
        for (const reversible of [true, false]) {
          // (an irreversible one too: a down migration added mid-task puts it up for approval)
          const mig = { author: 'a@x.example', status: 'pending review', reversible };
          const fit = fitMigrationPr({ ...pr(from), ci_status: 'pending' }, [mig], world(k));
          assert.equal(fit.status, 'approved', `${from} PR`);
          assert.equal(fit.ci_status, 'passing');
        }
  });

  it('an index, which the Scheduling exception says is built concurrently, locks its table for moments only', () => {
    assert.match(SPARED.migrations?.Scheduling?.change_kind?.['add index'] as string, /concurrently/);
    // (a migration's lock seconds are drawn within its kind's range, software-engineering.ts)
    const [, most] = LOCK_SECONDS['add index'] ?? [0, Infinity];
    assert.ok(most <= 2, `an index locks for up to ${most} s`);
  });
});
