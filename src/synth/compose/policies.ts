import { homeAddress } from '../kit/people.js';
import type { PolicyPart } from './parts.js';
import { at, dateOf } from '../kit/dates.js';
import { slug } from '../kit/text.js';

/** A document's text as a web page: the title, headed sections, bullet lists, paragraphs. */
export function htmlOf(text: string): string {
  const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const [title = '', ...rest] = text.split('\n');
  const out = [`<h1>${esc(title)}</h1>`];
  let list = false;
  for (const line of rest) {
    const item = line.startsWith('- ');
    if (list && !item) out.push('</ul>');
    if (item && !list) out.push('<ul>');
    list = item;
    if (item) out.push(`<li>${esc(line.slice(2))}</li>`);
    else if (line.startsWith('## ')) out.push(`<h2>${esc(line.slice(3))}</h2>`);
    else if (line.trim()) out.push(`<p>${esc(line)}</p>`);
  }
  if (list) out.push('</ul>');
  return out.join('\n');
}

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
  pointer: (t) => `our "${t}" article in the knowledge base`,
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
  pointer: (t) => `the "${t}" email in my inbox`,
  // (a household's rule comes from the flatmate's own address, not from work)
  fixtures: (t, body, w, home) => ({
    gmail: {
      messages: [
        {
          message_id: 'msg_policy',
          from: home ? homeAddress(w.staff[4]) : (w.staff[4]?.email ?? 'ops@acme.example'),
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
  pointer: (t) => `the "${t}" page in our notes`,
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
  pointer: (t) => `policies/${slug(t)}.md on the shared drive`,
  // the document's first line is its title: it becomes the heading rather than a second copy under one
  fixtures: (t, body) => ({
    workspace: {
      files: { [`policies/${slug(t)}.md`]: body.startsWith(`${t}\n`) ? `# ${body}\n` : `# ${t}\n\n${body}\n` },
    },
  }),
  reads: (t) => [{ call: 'fs_read', args: { path: `policies/${slug(t)}.md` } }],
};

export const policyPage: PolicyPart = {
  name: 'policy_page',
  service: 'web',
  capabilities: ['Web_Browsing', 'Knowledge_Retrieval'],
  pointer: (t) => `the "${t}" page on our intranet (https://intranet.example/policies/${slug(t)})`,
  fixtures: (t, body) => ({
    web: {
      pages: [
        {
          url: `https://intranet.example/policies/${slug(t)}`,
          status_code: 200,
          title: t,
          content_type: 'text/html',
          content: htmlOf(body),
        },
      ],
      results: [
        {
          url: `https://intranet.example/policies/${slug(t)}`,
          title: t,
          snippet: body.split('\n').slice(1, 2).join(' ').slice(0, 120),
          source: 'intranet',
        },
      ],
    },
  }),
  reads: (t) => [{ call: 'web_fetch', args: { url: `https://intranet.example/policies/${slug(t)}` } }],
};
