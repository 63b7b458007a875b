import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { minhash, NEAR_DUP_SIMILARITY, NearDupIndex, similarity, taskFeatures } from './near-dups.js';

const REQ =
  'our #n services contract with #N is in #f. we want out if we can still give notice in time. if we can, send the termination notice to the address in the notices clause';
const calls = ['fs_list', 'fs_read', 'finance_get_vendor', 'fs_write_doc', 'gmail_send_message'];

describe('near-duplicates (MinHash/LSH)', () => {
  it('features: word 3-grams of the masked request, pairs of consecutive calls', () => {
    const f = taskFeatures('please send the summary', ['a', 'b']);
    assert.deepEqual(f, { request: ['please send the', 'send the summary'], program: ['^>a', 'a>b', 'b>$'] });
  });

  it('takes each Chinese or Japanese character as a token: two requests in those scripts compare by what they say', () => {
    const f = taskFeatures('请把 每封 邮件', []);
    assert.deepEqual(f.request, ['请 把 每', '把 每 封', '每 封 邮', '封 邮 件']);
    const zh = minhash(
      taskFeatures('麻烦你看一下合作伙伴的邮件，把每封邮件译成英文 (invoices and refunds: #q)', calls),
    );
    const ja = minhash(
      taskFeatures(
        '取引先からのメールの対応をお願いします。それぞれを英語に翻訳して (invoices and refunds: #q)',
        calls,
      ),
    );
    assert.ok(similarity(zh, ja) < NEAR_DUP_SIMILARITY, String(similarity(zh, ja)));
  });

  it('estimates similarity as the lower of request and program: the same task 1, another task low, a one-word change high', () => {
    const a = minhash(taskFeatures(REQ, calls));
    assert.equal(similarity(a, minhash(taskFeatures(REQ, calls))), 1);
    const other = minhash(
      taskFeatures('could you pull every open ticket older than a week and write them up in a csv for me', [
        'helpdesk_list_tickets',
        'fs_write_table',
      ]),
    );
    assert.ok(similarity(a, other) < 0.2, String(similarity(a, other)));
    const oneWord = minhash(taskFeatures(REQ.replace('termination', 'cancellation'), calls));
    const s = similarity(a, oneWord);
    assert.ok(s >= 0.6 && s < 1, String(s));
  });

  it('clusters near-duplicates in plan order, names each cluster by its first task, and is the same whatever else is added', () => {
    const idx = new NearDupIndex();
    assert.equal(idx.add('t1', taskFeatures(REQ, calls)), undefined);
    assert.equal(idx.add('t2', taskFeatures('write a poem about the sea', ['fs_write'])), undefined);
    const dup = idx.add('t3', taskFeatures(REQ, calls));
    assert.deepEqual(dup, { id: 't1', similarity: 1 });
    // the same request with another program is no duplicate
    assert.equal(idx.add('t4', taskFeatures(REQ, ['gmail_search_messages', 'gmail_send_message'])), undefined);
    assert.deepEqual(idx.add('t5', taskFeatures(REQ, calls)), { id: 't1', similarity: 1 });
    idx.dropped();
    const r = idx.report();
    assert.equal(r.threshold, NEAR_DUP_SIMILARITY);
    assert.equal(r.clusters, 1);
    assert.equal(r.tasks_in_clusters, 3);
    assert.equal(r.largest, 3);
    assert.deepEqual(r.examples, [{ first: 't1', size: 3, ids: ['t1', 't3', 't5'] }]);
    assert.equal(r.dropped, 1);
  });

  it('an empty corpus reports no clusters', () => {
    assert.deepEqual(new NearDupIndex().report(), {
      threshold: NEAR_DUP_SIMILARITY,
      clusters: 0,
      tasks_in_clusters: 0,
      largest: 0,
      examples: [],
      dropped: 0,
    });
  });
});
