import { createRng, type Rng } from '../../env/rng.js';
import { shuffle } from '../kit/ids.js';
import { at, dateOf, dayMonthYear } from '../kit/dates.js';
import { type Atom, atomsOf, type Rule, selects } from '../rules/rule.js';
import type { PolicyPart, Rec, World } from './parts.js';
import type { PolicyDoc } from './policy-doc.js';
import { htmlOf } from './policies.js';
import { CLOSURE_EVENTS, type ClosureDoc, closureText, holidaysOf, type Listed } from './closure-days.js';

// The office's closure days live in their own document: most policies whose window counts working days past a
// closure no longer list the day in their Definitions but point to the year's closure list, kept in the same
// service as the policy (a notes page, a knowledge-base article, HR's mail, a file on the drive, an intranet page).
// The list holds the closures the rule needs among the year's others, none of which moves a record across the line.

/** The share (out of 3) of policies with a computed window whose closures are in their own document. */
export const CLOSURE_DOC_SHARE = 2;

const slugOf = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const CLOSED_LINE = /^- The office is closed on [^\n]*$/m;

// the closure days the rule's working-day windows skip
const closedOf = (atoms: readonly Atom[]): string[] =>
  [...new Set(atoms.flatMap((a) => ((a.kind === 'older' || a.kind === 'due_within') && a.closed) || []))].sort();

// the rule with every working-day window skipping `days` as well
const skipping = (r: Rule, days: readonly string[]): Rule => {
  const more = (a: Atom): Atom =>
    (a.kind === 'older' || a.kind === 'due_within') && a.closed ? { ...a, closed: [...a.closed, ...days] } : a;
  return {
    ...r,
    all: r.all.map(more),
    ...(r.any ? { any: r.any.map(more) } : {}),
    ...(r.unless ? { unless: more(r.unless) } : {}),
  };
};

// a weekday of `year` drawn at random
function weekdayIn(year: number, rng: Rng): string {
  for (;;) {
    const d = dateOf(at(`${year}-01-01T12:00:00Z`, { days: rng.int(0, 364) }));
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6) return d;
  }
}

// where the list lives in each service the policy may be in, and the Definitions line that points there
function placed(
  service: string,
  title: string,
  text: string,
  w: World,
  issued: string,
): Omit<ClosureDoc, 'needed' | 'listed'> | undefined {
  const tail = 'those days are not working days and do not count.';
  switch (service) {
    case 'notes':
      return {
        title,
        line: `- The office's closure days are on the "${title}" page in our notes; ${tail}`,
        fixtures: {
          notes: {
            notes: [{ note_id: 'note_closures', title, content: text, created_at: issued, tags: ['office', 'hr'] }],
          },
        },
        reads: [{ call: 'notes_get', args: { note_id: 'note_closures' } }],
      };
    case 'kb':
      return {
        title,
        line: `- Closure days are in the "${title}" article in the knowledge base; ${tail}`,
        fixtures: {
          kb: {
            articles: [
              {
                article_id: 'KB-CLOSURES',
                title,
                content: text,
                category: 'office',
                last_updated: dateOf(issued),
                author: 'HR',
              },
            ],
          },
        },
        reads: [
          { call: 'kb_search', args: { query: title } },
          { call: 'kb_get_article', args: { article_id: 'KB-CLOSURES' } },
        ],
      };
    case 'gmail': {
      const domain = w.me.email.split('@')[1] ?? 'acme.example';
      return {
        title,
        line: `- The office's closure days are in HR's mail "${title}"; ${tail}`,
        fixtures: {
          gmail: {
            messages: [
              {
                message_id: 'msg_closures',
                from: `hr@${domain}`,
                to: w.me.email,
                subject: title,
                date: issued,
                body: text,
              },
            ],
          },
        },
        reads: [
          { call: 'gmail_search_messages', args: { query: title } },
          { call: 'gmail_get_message', args: { message_id: 'msg_closures' } },
        ],
      };
    }
    case 'workspace': {
      const path = `policies/${slugOf(title)}.md`;
      return {
        title,
        line: `- Closure days are listed in ${path} on the shared drive; ${tail}`,
        fixtures: { workspace: { files: { [path]: `# ${text}\n` } } },
        reads: [{ call: 'fs_read', args: { path } }],
      };
    }
    case 'web': {
      const url = `https://intranet.example/hr/${slugOf(title)}`;
      const rest = text.split('\n').slice(1);
      return {
        title,
        line: `- Closure days are on the intranet page ${url}; ${tail}`,
        fixtures: {
          web: {
            pages: [{ url, status_code: 200, title, content_type: 'text/html', content: htmlOf(text) }],
            results: [{ url, title, snippet: rest.find((l) => l.trim())?.slice(0, 120) ?? title, source: 'intranet' }],
          },
        },
        reads: [{ call: 'web_fetch', args: { url } }],
      };
    }
    default:
      return undefined;
  }
}

/**
 * The policy with its listed closures moved to their own document (2 in 3 of those that list one, drawn from a
 * stream of the task's phrasing number, so no other draw moves), or the policy as it was. `records`: every record the rule is
 * read against; a closure the list adds never moves one of them across the rule's line.
 */
export function withClosures(
  policy: PolicyDoc | undefined,
  x: { rule: Rule; part: PolicyPart; w: World; records: readonly Rec[]; phrasing: number },
): PolicyDoc | undefined {
  const { rule, part, w } = x;
  if (!policy || !part.service || !CLOSED_LINE.test(policy.text)) return policy;
  const needed = closedOf([...atomsOf(rule), ...(policy.old ? atomsOf(policy.old) : [])]);
  if (!needed.length) return policy;
  const rng = createRng('closure-doc', x.phrasing, w.today, policy.title);
  if (rng.int(0, 2) >= CLOSURE_DOC_SHARE) return policy;
  const year = Number(w.today.slice(0, 4));
  const years = [...new Set([year, ...needed.map((d) => Number(d.slice(0, 4)))])].sort();
  // the needed days with their reasons: a holiday where one falls on it, else an office event
  const holidays = years.flatMap((y) => holidaysOf(y));
  const events = shuffle(rng, [...CLOSURE_EVENTS]);
  const listed: Listed[] = needed.map(
    (day) => holidays.find((h) => h.day === day) ?? { day, reason: events.pop() as string },
  );
  // the year's others, each kept only where it moves no record across the line
  const same = (r: Rule) => x.records.every((rec) => selects(r, rec, w.today) === selects(rule, rec, w.today));
  const extra = () => listed.map((l) => l.day).filter((d) => !needed.includes(d));
  const others = shuffle(rng, [
    ...holidays,
    ...events.slice(0, 5).map((reason) => ({ day: weekdayIn(rng.pick(years), rng), reason })),
  ]);
  // (the days it needs among four to eight others; every public holiday of the years, as an office's list has them
  // all: review 43 read May Day without Easter as a list nobody keeps)
  const total = needed.length + rng.int(4, 8);
  const isHoliday = (o: Listed) => holidays.some((h) => h.day === o.day);
  for (const o of [...others.filter(isHoliday), ...others.filter((o) => !isHoliday(o))]) {
    if (listed.length >= total && !isHoliday(o)) break;
    if (listed.some((l) => l.day === o.day)) continue;
    if (same(skipping(rule, [...extra(), o.day]))) listed.push(o);
  }
  listed.sort((a, b) => a.day.localeCompare(b.day));
  const title = `${rng.pick(['Office closure days', 'Office closures'])} ${years.join('–')}`;
  const issuedBy = rng.pick(['HR', 'Facilities', 'the office manager']);
  const issued = at(w.today, { days: -rng.int(20, 70) });
  const text = closureText(title, listed, issuedBy, dayMonthYear(issued), rng);
  const where = placed(part.service, title, text, w, issued);
  if (!where) return policy;
  const doc: ClosureDoc = { ...where, needed, listed };
  return { ...policy, text: policy.text.replace(CLOSED_LINE, doc.line), closures: doc };
}
