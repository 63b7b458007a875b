import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { createChatModel } from '../llm/client.js';
import { type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { parseSpecText } from '../schema/parse-spec.js';
import { Trajectory } from '../schema/trajectory.js';
import { llmAgent } from './llm-agent.js';
import { runEpisode } from './rollout.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const spec = parseSpecText(readFileSync(join(ROOT, 'examples/multimodal/chart_regional_lead.yaml'), 'utf8')).spec;
if (!spec) throw new Error('chart example missing');

let server: FakeServer;
before(async () => {
  server = await startFakeServer();
});
after(() => server.close());

// the model reads the chart, then answers; the second request carries what the first call returned
const script = () =>
  server.enqueue(
    { tool_calls: [{ name: 'fs_read', arguments: { path: 'reports/q3_revenue.png' } }] },
    { text: 'West led by 185k€.' },
  );
const run = async (model: string, env: Record<string, string>, vision = true) => {
  script();
  const from = server.requests.length;
  const m = createChatModel(model, { env, retry: { retries: 0, baseMs: 1 } });
  const t = await runEpisode({
    spec,
    agent: llmAgent(m, vision ? {} : { vision: false }),
    episode: createEpisode(spec, { seed: 0 }),
  });
  return { t, second: server.requests[from + 1]?.body as Record<string, unknown> };
};

describe('pictures reach the model in each API form', () => {
  it('OpenAI-compatible: the tool message stays text, the picture follows as a user image_url part', async () => {
    const { t, second } = await run(`openai-compatible:${server.openaiBaseURL}#vision-m`, {});
    const msgs = second.messages as { role: string; content: unknown; tool_call_id?: string }[];
    const tool = msgs.findIndex((m) => m.role === 'tool');
    assert.equal(typeof msgs[tool]?.content, 'string');
    const next = msgs[tool + 1] as { role: string; content: { type: string; image_url?: { url: string } }[] };
    assert.equal(next.role, 'user');
    assert.equal(next.content[0]?.type, 'text');
    assert.match(next.content[1]?.image_url?.url ?? '', /^data:image\/png;base64,iVBORw0KGgo/);
    // the trajectory holds the hash, not the bytes, and is a valid trajectory
    const ev = t.events.find((e) => e.type === 'tool');
    assert.ok(ev?.type === 'tool' && ev.images?.[0]?.sha256.length === 64);
    assert.ok(!JSON.stringify(t).includes('iVBORw0KGgo'));
    assert.equal(Trajectory.safeParse(JSON.parse(JSON.stringify(t))).success, true);
  });

  it('Anthropic: the tool_result holds a text block and a base64 image block', async () => {
    const { second } = await run('anthropic:claude-test', {
      ANTHROPIC_API_KEY: 'ak-test',
      ANTHROPIC_BASE_URL: server.url,
    });
    const blocks = (second.messages as { role: string; content: { type: string; content?: unknown }[] }[])
      .flatMap((m) => m.content)
      .filter((b) => b.type === 'tool_result');
    const content = blocks[0]?.content as {
      type: string;
      source?: { type: string; media_type: string; data: string };
    }[];
    assert.equal(content[0]?.type, 'text');
    assert.deepEqual(
      { type: content[1]?.type, source: content[1]?.source?.type, mime: content[1]?.source?.media_type },
      { type: 'image', source: 'base64', mime: 'image/png' },
    );
  });

  it('--no-vision: no picture is sent, the tool text names it instead, and the agent config says so', async () => {
    const { t, second } = await run(`openai-compatible:${server.openaiBaseURL}#text-m`, {}, false);
    const body = JSON.stringify(second);
    assert.ok(!body.includes('image_url'));
    assert.match(body, /not shown, this agent has no vision/);
    const start = t.events[0];
    assert.equal(start?.type === 'episode_start' && start.agent.vision, false);
  });
});
