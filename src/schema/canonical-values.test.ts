import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canonicalAccount,
  canonicalCard,
  canonicalEmail,
  canonicalIban,
  canonicalId,
  canonicalParty,
  canonicalPhone,
  canonicalValue,
  cleanText,
  matchKey,
  splitList,
  textKey,
  VALUE_KINDS,
  type Canonical,
} from './canonical-values.js';

const value = (c: Canonical) => (c.ok ? c.value : `ERROR: ${c.error}`);
const error = (c: Canonical) => (c.ok ? `OK: ${c.value}` : c.error);

const ZWSP = '\u200b';
const NBH = '\u2011'; // non-breaking hyphen

describe('cleanText / textKey', () => {
  it('removes invisible characters, applies NFKC and trims', () => {
    assert.equal(cleanText(`  ab${ZWSP}c\u2060d\ufeff\u00ad `), 'abcd');
    assert.equal(cleanText('\uff34\uff2b\uff0d\uff11\uff10\uff14\uff12'), 'TK-1042'); // fullwidth
    assert.equal(cleanText('\u3164x'), 'x'); // Hangul filler is blank
    assert.equal(textKey('  Hello \u00a0  World\u200d '), 'hello world');
  });
});

describe('canonicalEmail', () => {
  const lena = 'lena.park@acme.example';
  const variants: Record<string, string> = {
    exact: lena,
    'upper case': 'Lena.Park@ACME.Example',
    'surrounding whitespace': `  ${lena}\t`,
    'zero-width space inside': `lena.${ZWSP}park@acme.example`,
    'zero-width joiner and BOM': `\ufeff${lena}\u200d`,
    'trailing root dot': 'lena.park@acme.example.',
    'plus tag': 'lena.park+x@acme.example',
    'plus tag and case': 'Lena.Park+Escalation@Acme.Example',
    'quoted local part': '"lena.park"@acme.example',
    'quoted segments': '"lena"."park"@acme.example',
    'display name': 'Lena Park <lena.park@acme.example>',
    'quoted display name with comma': '"Park, Lena" <lena.park@acme.example.>',
    mailto: 'mailto:lena.park@acme.example',
    'fullwidth at sign': 'lena.park\uff20acme.example',
    'fullwidth letters': '\uff4c\uff45\uff4e\uff41.park@acme.example',
    'one-dot leader as dot': 'lena\u2024park@acme.example',
    'NBSP around': `\u00a0${lena}\u00a0`,
  };
  for (const [name, raw] of Object.entries(variants)) {
    it(`${name}: ${JSON.stringify(raw)} → ${lena}`, () => assert.equal(value(canonicalEmail(raw)), lena));
  }

  it('keeps dots except at providers that ignore them (gmail.com, googlemail.com)', () => {
    assert.equal(value(canonicalEmail('dana.lee@acme.example')), 'dana.lee@acme.example');
    assert.notEqual(value(canonicalEmail('danalee@acme.example')), value(canonicalEmail('dana.lee@acme.example')));
    assert.equal(value(canonicalEmail('Dana.Lee+work@googlemail.com')), 'danalee@gmail.com');
    assert.equal(value(canonicalEmail('d.a.n.a.lee@gmail.com.')), 'danalee@gmail.com');
  });

  it('writes an internationalised domain in its xn-- form', () => {
    assert.equal(value(canonicalEmail('info@Bücher.example')), 'info@xn--bcher-kva.example');
    assert.equal(value(canonicalEmail('info@xn--bcher-kva.example')), 'info@xn--bcher-kva.example');
  });

  it('refuses what is not an address, saying why', () => {
    assert.match(error(canonicalEmail('not-an-email')), /"not-an-email" is not an e-mail address \(no @\)/);
    assert.match(error(canonicalEmail('@acme.example')), /nothing before the @/);
    assert.match(error(canonicalEmail('lena@acme')), /"acme" is not a domain name/);
    assert.match(error(canonicalEmail('lena@acme..example')), /not a domain name/);
    assert.match(error(canonicalEmail('lena park@acme.example')), /part before the @/);
    assert.match(error(canonicalEmail('lena..park@acme.example')), /part before the @/);
    assert.match(error(canonicalEmail('Dave <dave>')), /no @/);
    assert.match(error(canonicalEmail('')), /no @/);
    assert.match(error(canonicalEmail(ZWSP)), /no @/);
  });

  it('is idempotent', () => {
    for (const raw of ['Lena Park <Lena.Park+x@ACME.example.>', 'a.b+c@GoogleMail.com', '"x"@y.example']) {
      const once = value(canonicalEmail(raw));
      assert.equal(value(canonicalEmail(once)), once);
    }
  });
});

describe('splitList', () => {
  it('splits at commas and semicolons outside quotes and angle brackets', () => {
    assert.deepEqual(splitList('a@x.example, "Park, Lena" <lena@x.example>; b@y.example,'), [
      'a@x.example',
      '"Park, Lena" <lena@x.example>',
      'b@y.example',
    ]);
    assert.deepEqual(splitList(` , ${ZWSP} ,`), []);
  });
});

describe('canonicalParty', () => {
  it('an address-like value is an address; anything else a cleaned name', () => {
    assert.equal(value(canonicalParty('Marco Ruiz <Marco.Ruiz@acme.example.>')), 'marco.ruiz@acme.example');
    assert.equal(value(canonicalParty(`  #ops${ZWSP}-alerts `)), '#ops-alerts');
    assert.equal(value(canonicalParty('Network   Team')), 'Network Team');
    assert.equal(value(canonicalParty('@oncall')), '@oncall'); // a handle, not an address
  });
  it('refuses an invalid address and an empty name', () => {
    assert.match(error(canonicalParty('lena.park@acme')), /not an e-mail address/);
    assert.match(error(canonicalParty(` ${ZWSP} `)), /is empty/);
  });
});

describe('numbers', () => {
  const account = '441099210073';
  const variants: Record<string, string> = {
    dashes: '4410-9921-0073',
    spaces: '4410 9921 0073',
    plain: '441099210073',
    'dashes and a zero-width space': `4410-9921-0073${ZWSP}`,
    'zero-width space inside': `4410${ZWSP}-9921-0073`,
    'non-breaking hyphens': `4410${NBH}9921${NBH}0073`,
    'figure dash': '4410\u20129921\u20120073',
    'en and em dash': '4410\u20139921\u20140073',
    'minus sign': '4410\u22129921\u22120073',
    'no-break spaces': '4410\u00a09921\u202f0073',
    'fullwidth digits and hyphen':
      '\uff14\uff14\uff11\uff10\uff0d\uff19\uff19\uff12\uff11\uff0d\uff10\uff10\uff17\uff13',
    'mathematical bold digits': '\u{1d7d2}\u{1d7d2}\u{1d7cf}\u{1d7ce}99210073',
    'arabic-indic digits': '\u0664\u0664\u0661\u0660-9921-0073',
    'dots and slashes': '4410.9921/0073',
    parentheses: '(4410) 9921 0073',
  };
  for (const [name, raw] of Object.entries(variants)) {
    it(`account, ${name}: ${JSON.stringify(raw)} → ${account}`, () =>
      assert.equal(value(canonicalAccount(raw)), account));
  }

  it('an account in IBAN form keeps its letters, upper-cased, without separators', () => {
    assert.equal(value(canonicalAccount('de89 3704 0044 0532 0130 00')), 'DE89370400440532013000');
    assert.equal(value(canonicalIban('DE89-3704-0044-0532-0130-00')), 'DE89370400440532013000');
    assert.match(error(canonicalIban('4410-9921-0073')), /not an IBAN/);
  });

  it('refuses an account with no digits or with other text', () => {
    assert.match(error(canonicalAccount('n/a')), /"n\/a" is not an account number \(it has no digits\)/);
    assert.match(error(canonicalAccount('---')), /no digits/);
    assert.match(error(canonicalAccount('Acct #4410')), /only digits, spaces and dashes/);
  });

  it('phones and cards are their digits', () => {
    assert.equal(value(canonicalPhone('+1 (555) 010\u20112000')), '15550102000');
    assert.equal(value(canonicalPhone('555.010.2000')), '5550102000');
    assert.match(error(canonicalPhone('call me')), /not a phone number/);
    assert.equal(value(canonicalCard('4111 1111 1111 1111')), '4111111111111111');
    assert.equal(value(canonicalCard('4111-1111-1111-1111\u200b')), '4111111111111111');
    assert.match(error(canonicalCard('4111')), /not a card number/);
  });
});

describe('canonicalId', () => {
  it('cleans, keeps case, refuses empty', () => {
    assert.equal(value(canonicalId(` TK-1042${ZWSP} `)), 'TK-1042');
    assert.equal(value(canonicalId('\uff34\uff2b\uff0d\uff11\uff10\uff14\uff12')), 'TK-1042');
    assert.match(error(canonicalId(`\ufeff ${ZWSP}`)), /not an id \(it is empty\)/);
  });
});

describe('canonicalValue / matchKey', () => {
  it('every kind has a canonicaliser whose output is a fixed point', () => {
    const samples: Record<string, string> = {
      email: 'A+b@X.example.',
      party: 'Ops Team',
      account: '12-34',
      iban: 'gb82 west 1234 5698 7654 32',
      card: '4111 1111 1111 1111',
      phone: '+44 20 7946 0018',
      id: ' ID-1 ',
      path: './scans//inbox/',
    };
    for (const kind of VALUE_KINDS) {
      const c = canonicalValue(kind, samples[kind] as string);
      assert.ok(c.ok, kind);
      assert.deepEqual(canonicalValue(kind, c.value), c, kind);
    }
  });
  it('compares canonical forms case-insensitively; invalid values and no kind compare as text', () => {
    assert.equal(matchKey('email', 'Lena Park <LENA.PARK+x@acme.example.>'), 'lena.park@acme.example');
    assert.equal(matchKey('account', `4410${NBH}9921${NBH}0073`), '441099210073');
    assert.equal(matchKey('id', ' TK-1042 '), 'tk-1042');
    assert.equal(matchKey('account', 'N/A '), 'n/a');
    assert.equal(matchKey(undefined, ` Hello${ZWSP} World `), 'hello world');
    assert.equal(matchKey('path', '/workspace/Reports/./q3/'), 'reports/q3');
    assert.equal(matchKey('path', './'), '.');
    assert.deepEqual(canonicalValue('path', '../etc/passwd'), {
      ok: false,
      error: '"../etc/passwd" is not a workspace path (it leads outside /workspace)',
    });
  });
});
