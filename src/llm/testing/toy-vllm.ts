import { type FakeReply, type FakeRequest, vllmPromptLogprobsBody } from './fake-server.js';

// a scoring endpoint for curation tests (the endpoint scorer, curate --queue): use as the fake server's fallback

const hash = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);

/**
 * A toy vLLM answering `prompt_logprobs`: renders the request like a Qwen template, splits it into tokens and
 * gives each a logprob and rank hashed from the token and its position, so equal requests get equal scores.
 */
export function toyVllm(req: FakeRequest): FakeReply {
  const body = req.body as {
    messages: {
      role: string;
      content?: string | null;
      tool_calls?: { function: { name: string; arguments: string } }[];
    }[];
  };
  const tokens: string[] = [];
  for (const m of body.messages) {
    const text =
      m.role === 'tool'
        ? `<tool_response>${m.content ?? ''}</tool_response>`
        : `${m.content ?? ''}${(m.tool_calls ?? []).map((c) => `<tool_call>${JSON.stringify(c.function)}</tool_call>`).join('')}`;
    tokens.push(
      '<|im_start|>',
      m.role === 'tool' ? 'user' : m.role,
      '\n',
      ...(text.match(/<\/?[a-z_]+>|\s+|[^\s<]+|</g) ?? []),
      '<|im_end|>',
      '\n',
    );
  }
  return {
    raw: vllmPromptLogprobsBody(
      tokens.map((t, i) =>
        i === 0
          ? null
          : [
              [
                hash(t) % 150_000,
                { logprob: -(hash(`${t}${i}`) % 997) / 200, rank: 1 + (hash(`${i}${t}`) % 180), decoded_token: t },
              ],
            ],
      ),
    ),
  };
}
