import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { VOCAB } from '../../kit/domains/index.js';
import type { TextModel } from '../../rules/fields.js';
import { makeWorld } from '../world.js';
import { fitMigrationPr, migrationPrTitles } from './migration-pr.js';
import { migrations } from './software-engineering.js';
import { TABLES_OF } from './software-engineering-notes.js';

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
      'pending review': ['open', 'changes requested', 'approved'],
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
          if (fit.status === 'merged') assert.equal(fit.ci_status, 'passing');
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
