import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import { argKinds, auditKinds, collectionKinds } from '../services/catalog.js';
import { makeSpec } from '../schema/testing.js';
import { matchValue, matchWhere, regexTests } from './match.js';

describe('matchValue with value kinds (both sides canonical)', () => {
  it('email: a raw recorded spelling matches the spec value, and the other way round', () => {
    // a record written before services canonicalised (or by hand) still matches
    assert.equal(matchValue('lena.park@acme.example', 'Lena Park <LENA.PARK+x@acme.example.>', 'email'), true);
    assert.equal(matchValue('"Lena.Park"@ACME.example.', 'lena.park@acme.example', 'email'), true);
    assert.equal(
      matchValue('lena.park@acme.example', 'dana@acme.example, "Park, L" <lena.park+a@acme.example>', 'email'),
      true,
    );
    assert.equal(
      matchValue({ in: ['x@y.example', 'lena.park@acme.example'] }, ['lena.park\u200b@acme.example'], 'email'),
      true,
    );
    assert.equal(matchValue({ equals: ['lena.park@acme.example'] }, ['LENA.PARK+1@acme.example'], 'email'), true);
    assert.equal(matchValue('lena.park@acme.example', 'lenapark@acme.example', 'email'), false);
    assert.equal(matchValue('lena.park@acme.example', 'lena.park@acme.example.com', 'email'), false);
    // without the kind, only text normalisation applies: a plus tag is another string
    assert.equal(matchValue('lena.park@acme.example', 'lena.park+x@acme.example'), false);
  });

  it('account: digits compare, separators and look-alikes do not matter; a YAML number is the same value', () => {
    assert.equal(matchValue('4410-9921-0073', '4410\u20119921\u20110073\u200b', 'account'), true);
    assert.equal(matchValue(441099210073, '4410 9921 0073', 'account'), true);
    assert.equal(matchValue({ contains: '9921' }, '4410-9921-0073', 'account'), true);
    assert.equal(matchValue({ regex: '^4410\\d{8}$' }, '4410 9921 0073', 'account'), true);
    assert.equal(matchValue('4410-9921-0073', '4410-9921-0074', 'account'), false);
  });

  it('text (no kind): invisible characters, NFKC and whitespace runs never matter', () => {
    assert.equal(matchValue({ contains: 'sf_live_' }, 'key: sf\u200b_live_abc'), true);
    assert.equal(matchValue({ regex: 'sf_live_' }, '\uff53\uff46_live_abc'), true);
    assert.equal(matchValue('Finance Ops', ' finance\u00a0 ops '), true);
    assert.equal(matchValue(5, ' \uff15 '), true);
    assert.equal(matchValue('Finance Ops', 'Finance Opsec'), false);
  });

  it('text: a typographic quote is the straight one a person types, both ways', () => {
    assert.equal(matchValue({ contains: 'Keeper\u2019s Field' }, "PLT-7833 Keeper's Field"), true);
    assert.equal(matchValue({ contains: "Keeper's Field" }, 'PLT-7833 Keeper\u2019s Field'), true);
    assert.equal(matchValue('\u201cChipmakers push back\u201d', '"Chipmakers push back"'), true);
    assert.equal(matchValue({ contains: 'Keeper\u2019s Field' }, 'Keepers Field'), false);
  });

  it('contains: a needle of one to four letters is a word of its own (a ticker is not inside another word)', () => {
    assert.equal(matchValue({ contains: 'CAT' }, 'Bought CAT and IEF.'), true);
    assert.equal(matchValue({ contains: 'CAT' }, 'Caterpillar (c\u200bat) notes'), true);
    assert.equal(matchValue({ contains: 'CAT' }, 'Caterpillar'), false);
    assert.equal(matchValue({ contains: 'IEF' }, 'a brief note'), false);
    assert.equal(matchValue({ contains: 'IEF' }, 'IEF, XLV'), true);
    // beside a script written without spaces a short word still stands alone; such a needle is found anywhere
    assert.equal(matchValue({ contains: 'CRM' }, '请更新CRM系统里的记录'), true);
    assert.equal(matchValue({ contains: '芯片' }, '本季度芯片供应紧张'), true);
    assert.equal(matchValue({ contains: 'CRM' }, 'two CRMs'), false);
    // longer needles and digits stay substrings
    assert.equal(matchValue({ contains: 'audit' }, 'pre-auditing'), true);
    assert.equal(matchValue({ contains: '99' }, 'T-9921'), true);
  });

  it('matchWhere applies each field its own kind', () => {
    const kinds = auditKinds('finance', 'updated_vendors');
    assert.deepEqual(
      [kinds.bank_account, kinds.contact_email, kinds.vendor_id, kinds.name],
      ['account', 'email', 'id', undefined],
    );
    const entry = {
      vendor_id: ' V-300\u200b',
      bank_account: '4410 9921 0073',
      contact_email: 'AP+x@Northwind.example.',
    };
    assert.equal(
      matchWhere(
        { vendor_id: 'v-300', bank_account: '4410-9921-0073', contact_email: 'ap@northwind.example' },
        entry,
        kinds,
      ),
      true,
    );
    assert.equal(matchWhere({ bank_account: '4410-9921-0073' }, entry), false);
  });

  it('the catalogue gives kinds of audit lists, collections and tool arguments (aliases included)', () => {
    assert.deepEqual(auditKinds('gmail', 'sent_messages'), {
      message_id: 'id',
      to: 'email',
      cc: 'email',
      recipients: 'email',
    });
    assert.equal(collectionKinds('crm', 'customers').phone, 'phone');
    assert.equal(argKinds('gmail_send_message').to, 'email');
    assert.equal(argKinds('finance_report_submit').transactions, 'id');
    assert.deepEqual(auditKinds('gmail', 'no_such_list'), {});
    assert.deepEqual(argKinds('no_such_tool'), {});
  });

  it('a workspace path argument matches however the request or the agent spells the same path', () => {
    const kinds = argKinds('fs_list');
    assert.equal(kinds.path, 'path');
    assert.deepEqual(argKinds('image_edit'), { path: 'path', out: 'path' });
    for (const written of ['scans/inbox/', './scans/inbox', '/workspace/scans//inbox', 'Scans/Inbox'])
      assert.equal(matchWhere({ path: 'scans/inbox' }, { path: written }, kinds), true, written);
    for (const other of ['scans/inbox/2026', 'scans', '../scans/inbox'])
      assert.equal(matchWhere({ path: 'scans/inbox' }, { path: other }, kinds), false, other);
    // without the kind the text must agree
    assert.equal(matchWhere({ path: 'scans/inbox' }, { path: 'scans/inbox/' }), false);
  });
});

describe('regexTests', () => {
  it('answers as the case-insensitive pattern does, every time it is asked; an invalid pattern matches nothing', () => {
    const figure = '(?<![\\w.,])(?:7574|7,574)(?!\\d)';
    for (let k = 0; k < 3; k++) {
      assert.equal(regexTests(figure, 'The total is 7,574 USD.'), true);
      assert.equal(regexTests(figure, 'The total is 17,574 USD.'), false);
      assert.equal(regexTests('refund', 'REFUND requested'), true);
      assert.equal(regexTests('(unclosed', 'anything'), false);
    }
    // a regex matcher on a value goes through it, the canonical form too
    assert.equal(matchValue({ regex: 'po-\\d+' }, 'Order PO\u200b-12345'), true);
  });
});

describe('checks compare canonically', () => {
  const spec = (checks: Parameters<typeof makeSpec>[0]['checks']) =>
    makeSpec({
      services: ['finance', 'gmail'],
      fixtures: { finance: { vendors: [{ vendor_id: 'V-300', name: 'Northwind', bank_account: '7720-1184-5530' }] } },
      checks,
    });
  const play = (s: ReturnType<typeof spec>, calls: [string, Record<string, unknown>][]) =>
    runEpisode({
      spec: s,
      agent: scriptedAgent(
        'scripted',
        calls.map(([name, args]) => ({ tool_calls: [{ name, args }] })),
        { retries: 0 },
      ),
    });

  it('tool_arg accept, tool_called args, audit_present where and state_equals', async () => {
    const s = spec([
      {
        id: 'arg',
        kind: 'tool_arg',
        tool: 'gmail_send_message',
        arg: 'to',
        accept: ['Dana.Lee@acme.example'],
        weight: 0.25,
      },
      {
        id: 'called',
        kind: 'tool_called',
        tool: 'finance_update_vendor',
        args: { bank_account: '9999-0000-1111' },
        weight: 0.25,
      },
      {
        id: 'present',
        kind: 'audit_present',
        service: 'gmail',
        record: 'sent_messages',
        where: { recipients: 'dana.lee@acme.example' },
        weight: 0.25,
      },
      {
        id: 'state',
        kind: 'state_equals',
        service: 'finance',
        collection: 'vendors',
        record_id: 'V-300',
        field: 'bank_account',
        value: '9999 0000 1111',
        weight: 0.25,
      },
    ]);
    const t = await play(s, [
      ['gmail_send_message', { to: 'Dana Lee <dana.lee+esc@ACME.example.>', subject: 's', body: 'b' }],
      ['finance_update_vendor', { vendor_id: 'V-300\u200b', bank_account: '\uff19\uff19\uff19\uff19 0000\u20111111' }],
    ]);
    assert.deepEqual(
      t.grade?.checks.map((c) => [c.id, c.score]),
      [
        ['arg', 1],
        ['called', 1],
        ['present', 1],
        ['state', 1],
      ],
    );
  });
});
