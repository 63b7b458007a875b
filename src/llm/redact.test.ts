import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactDeep, redactModelString, redactSecrets, splitCredentials } from './redact.js';

describe('redactSecrets / redactModelString', () => {
  it('masks userinfo (user:***@, a bare ***@) and credential query parameters, keeping the rest', () => {
    const cases: [string, string][] = [
      ['openai-compatible:http://user:KEY@host:8000/v1#m', 'openai-compatible:http://user:***@host:8000/v1#m'],
      ['openai-compatible:https://KEY@host/v1#m', 'openai-compatible:https://***@host/v1#m'],
      ['openai-compatible:http://u:p@ss:w@rd@host/v1#m', 'openai-compatible:http://u:***@host/v1#m'],
      [
        'openai-compatible:http://host/v1?api_key=K1&key=K2&token=K3&mode=chat#m',
        'openai-compatible:http://host/v1?api_key=***&key=***&token=***&mode=chat#m',
      ],
      [
        'http://h/v1?access_token=K&x-api-key=K&sig=K&client_secret=K&password=K&api-version=2024',
        'http://h/v1?access_token=***&x-api-key=***&sig=***&client_secret=***&password=***&api-version=2024',
      ],
      ['http://h/v1?API%5FKEY=K', 'http://h/v1?API%5FKEY=***'],
      [
        'HTTP 401: bad key at http://u:K@h/x (api_key=K, token="K")',
        'HTTP 401: bad key at http://u:***@h/x (api_key=***, token="***")',
      ],
      ['openai:gpt-5.1', 'openai:gpt-5.1'],
      ['openai-compatible:http://127.0.0.1:8000/v1#qwen3-8b', 'openai-compatible:http://127.0.0.1:8000/v1#qwen3-8b'],
      ['mail lena.park@acme.example about http://h/a@b', 'mail lena.park@acme.example about http://h/a@b'],
    ];
    for (const [input, want] of cases) assert.equal(redactSecrets(input), want, input);
    assert.equal(
      redactModelString('openai-compatible:http://user:KEY@host/v1#m'),
      'openai-compatible:http://user:***@host/v1#m',
    );
  });

  it('redactDeep redacts every string of a record and leaves other values alone', () => {
    const rec = {
      agent: { model: 'openai-compatible:http://u:K@h/v1#m', params: { seed: 3 } },
      list: ['x?token=K', null, true],
    };
    assert.deepEqual(redactDeep(rec), {
      agent: { model: 'openai-compatible:http://u:***@h/v1#m', params: { seed: 3 } },
      list: ['x?token=***', null, true],
    });
    assert.equal(rec.agent.model, 'openai-compatible:http://u:K@h/v1#m', 'the input is not changed');
  });
});

describe('splitCredentials', () => {
  it('moves userinfo into a Basic header and the query into per-request parameters', () => {
    assert.deepEqual(splitCredentials('http://us%40er:p%3Ass@127.0.0.1:9/v1?api_key=K&mode=chat#frag'), {
      baseURL: 'http://127.0.0.1:9/v1',
      query: { api_key: 'K', mode: 'chat' },
      headers: { Authorization: `Basic ${Buffer.from('us@er:p:ss').toString('base64')}` },
    });
    assert.deepEqual(splitCredentials('http://127.0.0.1:8000/v1'), { baseURL: 'http://127.0.0.1:8000/v1' });
    assert.deepEqual(splitCredentials('not a url'), { baseURL: 'not a url' });
  });
});
