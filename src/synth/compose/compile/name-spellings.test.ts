import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Unweighted } from './checks.js';
import { spelledEither } from './name-spellings.js';

describe('a name written in another script', () => {
  const file = { id: 's', kind: 'file_matches', path: 'a.csv', text: { regex: '华信贸易有限公司' } } as Unweighted;
  it('is accepted in its romanised spelling, in any case', () => {
    const c = spelledEither(file, ['华信贸易有限公司']) as { text: { regex: string } };
    const re = new RegExp(c.text.regex);
    for (const s of ['华信贸易有限公司', 'Huaxin Trading Co.', 'HUAXIN', 'Hua Xin Trade']) assert.ok(re.test(s), s);
    assert.ok(!re.test('Hengda Electronics'));
  });
  it('leaves other checks and Latin names as they are', () => {
    assert.deepEqual(spelledEither(file, ['Weber Maschinenbau GmbH']), file);
    const mail = {
      id: 'm',
      kind: 'audit_present',
      service: 'gmail',
      record: 'sent_messages',
      where: { body: { contains: '北斗物流株式会社' } },
    } as unknown as Unweighted;
    const wide = spelledEither(mail, ['北斗物流株式会社']) as unknown as { where: { body: { any_of: unknown[] } } };
    assert.deepEqual(wide.where.body.any_of, [{ contains: '北斗物流株式会社' }, { contains: 'Hokuto' }]);
  });
});
