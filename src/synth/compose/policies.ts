import type { PolicyPart } from './parts.js';
import { at, dateOf } from '../kit/dates.js';
import { slug } from '../kit/text.js';

// where the selection rule is written. inline (no service): the request states it; otherwise the request only
// points at a document the agent must find, read (the last read is checked) and apply.

export const inline: PolicyPart = {
  name: 'inline',
  service: null,
  capabilities: [],
  pointer: () => '',
  fixtures: () => ({}),
  reads: () => [],
};

export const kbArticle: PolicyPart = {
  name: 'kb_article',
  service: 'kb',
  capabilities: ['Knowledge_Retrieval'],
  pointer: (t) => `as our "${t}" procedure in the knowledge base says`,
  fixtures: (t, body, w) => ({
    kb: {
      articles: [
        {
          article_id: 'KB-POLICY',
          title: t,
          content: body,
          category: 'procedures',
          last_updated: dateOf(at(w.today, { days: -30 })),
          author: w.staff[4]?.name ?? 'Operations',
        },
      ],
    },
  }),
  reads: (t) => [
    { call: 'kb_search', args: { query: t } },
    { call: 'kb_get_article', args: { article_id: 'KB-POLICY' } },
  ],
};

export const policyMail: PolicyPart = {
  name: 'policy_mail',
  service: 'gmail',
  capabilities: ['Email_Communication', 'Knowledge_Retrieval'],
  pointer: (t) => `following the "${t}" email from operations in my inbox`,
  fixtures: (t, body, w) => ({
    gmail: {
      messages: [
        {
          message_id: 'msg_policy',
          from: w.staff[4]?.email ?? 'ops@acme.example',
          to: w.me.email,
          subject: t,
          date: at(w.today, { days: -3 }),
          body,
        },
      ],
    },
  }),
  reads: (t) => [
    { call: 'gmail_search_messages', args: { query: t } },
    { call: 'gmail_get_message', args: { message_id: 'msg_policy' } },
  ],
};

export const policyNote: PolicyPart = {
  name: 'policy_note',
  service: 'notes',
  capabilities: ['Knowledge_Retrieval'],
  pointer: (t) => `per the "${t}" page in our notes`,
  fixtures: (t, body, w) => ({
    notes: {
      notes: [
        { note_id: 'note_policy', title: t, content: body, created_at: at(w.today, { days: -14 }), tags: ['policy'] },
      ],
    },
  }),
  reads: () => [
    { call: 'notes_list', args: {} },
    { call: 'notes_get', args: { note_id: 'note_policy' } },
  ],
};

export const policyFile: PolicyPart = {
  name: 'policy_file',
  service: 'workspace',
  capabilities: ['File_Management', 'Knowledge_Retrieval'],
  pointer: (t) => `using the rule in policies/${slug(t)}.md on the shared drive`,
  fixtures: (t, body) => ({ workspace: { files: { [`policies/${slug(t)}.md`]: `# ${t}\n\n${body}\n` } } }),
  reads: (t) => [{ call: 'fs_read', args: { path: `policies/${slug(t)}.md` } }],
};

export const policyPage: PolicyPart = {
  name: 'policy_page',
  service: 'web',
  capabilities: ['Web_Browsing', 'Knowledge_Retrieval'],
  pointer: (t) => `as the "${t}" page on our intranet (https://intranet.example/policies/${slug(t)}) describes`,
  fixtures: (t, body) => ({
    web: {
      pages: [
        {
          url: `https://intranet.example/policies/${slug(t)}`,
          status_code: 200,
          title: t,
          content_type: 'text/html',
          content: `<h1>${t}</h1><p>${body}</p>`,
        },
      ],
      results: [
        {
          url: `https://intranet.example/policies/${slug(t)}`,
          title: t,
          snippet: body.slice(0, 80),
          source: 'intranet',
        },
      ],
    },
  }),
  reads: (t) => [{ call: 'web_fetch', args: { url: `https://intranet.example/policies/${slug(t)}` } }],
};
