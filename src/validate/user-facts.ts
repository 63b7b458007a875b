import { daysIn, type NamedDay, timesIn } from '../schema/natural.js';
import { normalPath } from '../grade/checks/file-util.js';
import { MONTHS, WEEKDAYS } from '../schema/dates.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService } from '../services/registry.js';
import type { CheckedValue } from './checked-values.js';
import { isNewId } from './integrity.js';
import { err } from './types.js';

const ID_IN_TEXT = /\b[A-Z]{2,5}-\d{2,6}\b/g;
const FILE_IN_TEXT =
  /(?<![\w/.-])[\w-]+(?:\.[\w-]+)*\.(?:xlsx|xls|csv|tsv|docx|doc|pdf|pptx|txt|json|md|yaml|yml|py|sh|log|ini|toml|conf|cfg|env)\b/gi;
const DOC = '(?:file|spreadsheet|sheet|document|doc|deck|slides|pdf|csv|excel|workbook|attachment|report)';
const ATTACHED = new RegExp(
  `\\b(?:attached ${DOC}|the ${DOC} (?:I|we|they) (?:sent|shared|uploaded|attached|dropped|put)|(?:I|we) (?:uploaded|attached|dropped|shared) (?:a|the) ${DOC}|in (?:the|your|our) (?:workspace|shared (?:folder|drive))|shared (?:folder|drive))\\b`,
  'i',
);
const RECORD_NOUN =
  'meeting|event|call|appointment|booking|session|visit|invoice|order|payment|transaction|delivery|shipment|flight|reservation|interview|demo|sync|review|workshop|standup|stand-up|entry|ticket|message|email|mail|lunch|dinner';
// a day the user gives to point at a record: "the meeting on Friday 14 March", "the invoice dated 3 May", and
// "the 14 March meeting"
const RECORD_BEFORE_DAY = new RegExp(
  `\\b(?:${RECORD_NOUN})s?\\b[^.;!?\\n]{0,30}\\b(?:on|from|for|dated|of|at)\\s+(?:the\\s+)?$`,
  'i',
);
const RECORD_AFTER_DAY = new RegExp(`^(?:'s)?\\s+(?:${RECORD_NOUN})s?\\b`, 'i');
const ASKS_TIME =
  /\b(?:book|schedul|set (?:it|up|the)|move|put it|make it|start|slot|arrange|plan|reschedul|want|need|prefer|send it|deliver)/i;
const sentences = (t: string) => t.split(/(?<=[.!?;])\s+|\n+/);
const ZONE = /\b(?:CET|CEST|BST|IST|JST|AEST|AEDT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|SGT|HKT|local time)\b/;

type Texts = [path: string, text: string, news: boolean][];

/**
 * Gate step 6, the simulated user against the task: the ids, files and days the user refers to exist, a user
 * who points to a file has a workspace to find it in, and the times and days the user states are the ones the
 * checks want.
 */
export function checkUserFacts(spec: TaskSpec, fixtures: string, values: readonly CheckedValue[]): Diagnostic[] {
  const u = spec.user;
  if (!u) return [];
  const texts: Texts = [
    ['user.goal', u.goal, false],
    ...u.knowledge.map((k, i): Texts[number] => [`user.knowledge[${i}]`, k, false]),
    ...u.signals.map((s, i): Texts[number] => [
      `user.signals[${i}].effect.say`,
      s.effect.say ?? '',
      !!(s.effect.update_record || s.effect.patch_file),
    ]),
  ];
  return [
    ...userPlanRefs(spec, fixtures),
    ...userFiles(spec, fixtures, texts),
    ...userDays(spec, texts),
    ...userTimes(spec, texts, values),
  ];
}

// what the user plan says; without the news of a record change that sets `field` ("its priority is now
// medium" tells what happened to a record, not what the agent should write into its own)
export function userPlanText(spec: TaskSpec, field?: string): string {
  const u = spec.user;
  if (!u) return '';
  const says = u.signals.flatMap((s) =>
    s.effect.say && !(field && s.effect.update_record && field in s.effect.update_record.set) ? [s.effect.say] : [],
  );
  return [u.goal, ...u.knowledge, u.boundary, ...says].join('\n');
}

// ids and files the user plan refers to must exist (in fixtures, or written by the reference)
function userPlanRefs(spec: TaskSpec, fixtures: string): Diagnostic[] {
  const u = spec.user;
  if (!u) return [];
  const out: Diagnostic[] = [];
  const written = new Set(
    spec.reference.flatMap((s) => ('call' in s && typeof s.args.path === 'string' ? [normalPath(s.args.path)] : [])),
  );
  const files = new Set(
    fixtureRows(spec, 'workspace', 'files').map((f) => normalPath(String((f as { path?: unknown }).path))),
  );
  const fileKnown = (p: string) => files.has(normalPath(p)) || written.has(normalPath(p));
  const refs = spec.reference.map((s) => JSON.stringify(s).toLowerCase()).join('\n');
  const idKnown = (id: string) => {
    const l = id.toLowerCase();
    return fixtures.includes(l) || refs.includes(l) || isNewId(spec, id);
  };
  const texts: [string, string][] = [
    ['user.goal', u.goal],
    ...u.knowledge.map((k, i): [string, string] => [`user.knowledge[${i}]`, k]),
    ...u.signals.map((s, i): [string, string] => [`user.signals[${i}].effect.say`, s.effect.say ?? '']),
  ];
  for (const [path, text] of texts)
    for (const id of new Set(text.match(ID_IN_TEXT) ?? []))
      if (!idKnown(id))
        out.push(
          err(
            'user_plan_unknown_ref',
            path,
            `the user refers to ${id}, which exists nowhere in the fixtures; fix the id or add its record`,
            'builder',
          ),
        );
  u.signals.forEach((s, i) => {
    const t = s.trigger as { file_exists?: string };
    if (t.file_exists && !fileKnown(t.file_exists))
      out.push(
        err(
          'user_plan_unknown_ref',
          `user.signals[${i}].trigger.file_exists`,
          `waits for ${t.file_exists}, which no fixture holds and the reference never writes, so the signal can never fire; fix the path`,
          'builder',
        ),
      );
    const upd = s.effect.update_record;
    if (upd) {
      const col = getService(upd.service)?.collections[upd.collection];
      const exists = fixtureRows(spec, upd.service, upd.collection).some(
        (r) => col && String((r as Record<string, unknown>)[col.id]) === upd.record_id,
      );
      if (col && !exists && !refs.includes(upd.record_id.toLowerCase()))
        out.push(
          err(
            'user_plan_unknown_ref',
            `user.signals[${i}].effect.update_record.record_id`,
            `${upd.service}.${upd.collection} has no record ${upd.record_id}; the update would fail — fix the id`,
            'builder',
          ),
        );
    }
  });
  return out;
}

// a file the user points to must be somewhere the agent can open it: the workspace, or an attachment the records name
function userFiles(spec: TaskSpec, fixtures: string, texts: Texts): Diagnostic[] {
  if (spec.services.includes('workspace')) return [];
  const out: Diagnostic[] = [];
  for (const [path, text] of texts) {
    const named = [...new Set(text.match(FILE_IN_TEXT) ?? [])].filter((f) => !fixtures.includes(f.toLowerCase()));
    // an attachment the records carry (a mail's) is somewhere the agent can open it
    const attached = fixtures.includes('"attachments"') ? undefined : ATTACHED.exec(text)?.[0];
    const what = named[0] ?? attached;
    if (what)
      out.push(
        err(
          'user_file_no_workspace',
          path,
          `the user points to ${named[0] ? `the file ${named[0]}` : `"${attached}"`}, but the task has no workspace (services: ${spec.services.join(', ')}) and no record names it; add the workspace service with the file, or drop the reference to it`,
          'builder',
        ),
      );
  }
  return out;
}

// a day the user names must exist on the calendar (its weekday right) and, where it points at a record, be that
// record's day: "the meeting on Friday 14 March" needs a Friday 14 March and a meeting on it
function userDays(spec: TaskSpec, texts: Texts): Diagnostic[] {
  const out: Diagnostic[] = [];
  const today = spec.mock_today.slice(0, 10);
  // the days (month-day) any record, reference step, check or signal holds
  const anyDays = new Set(
    [
      ...JSON.stringify([spec.fixtures, spec.reference, spec.checks, spec.user?.signals]).matchAll(
        /(\d{4})-(\d{2})-(\d{2})/g,
      ),
    ].map((m) => `${m[2]}-${m[3]}`),
  );
  for (const [path, text] of texts) {
    let from = 0;
    for (const d of daysIn(text)) {
      const at = text.indexOf(d.text, from);
      from = at + d.text.length;
      const key = `${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
      // without a year, the day nearest mock_today ("5 January" said in December is next year's)
      const y = d.year ?? nearestYear(today, d);
      if (d.weekday !== undefined && weekdayOf(y, d) !== d.weekday) {
        out.push(
          err(
            'user_ref_unmatched',
            path,
            `the user says "${d.text}", but ${d.day} ${monthName(d)} ${y} is a ${WEEKDAYS[weekdayOf(y, d)]}; fix the weekday or the date`,
            'builder',
          ),
        );
        continue;
      }
      const pointsAtRecord =
        RECORD_BEFORE_DAY.test(text.slice(Math.max(0, at - 60), at)) ||
        RECORD_AFTER_DAY.test(text.slice(at + d.text.length, at + d.text.length + 30));
      if (pointsAtRecord && !anyDays.has(key))
        out.push(
          err(
            'user_ref_unmatched',
            path,
            `the user refers to a record "${text.slice(Math.max(0, at - 30), at).replace(/^\S*\s/, '')}${d.text}", but no record, reference step or check has the day ${d.day} ${monthName(d)}; fix the day or add the record`,
            'builder',
          ),
        );
    }
  }
  return out;
}

function nearestYear(today: string, d: NamedDay): number {
  const now = Date.parse(`${today}T00:00:00Z`);
  const year = Number(today.slice(0, 4));
  const gap = (y: number) => Math.abs(Date.UTC(y, d.month - 1, d.day) - now);
  return [year - 1, year, year + 1].reduce((a, b) => (gap(b) < gap(a) ? b : a));
}

const weekdayOf = (year: number, d: NamedDay) => new Date(Date.UTC(year, d.month - 1, d.day)).getUTCDay();
const monthName = (d: NamedDay) => MONTHS[d.month - 1] as string;

// the times the user states must include the one the checks want ("book 10:00 UTC" against a check on 11:00
// UTC): a stated range holds it when it falls inside; times given in another zone are left to the reviewer
function userTimes(spec: TaskSpec, texts: Texts, values: readonly CheckedValue[]): Diagnostic[] {
  // what the user wants: the goal, and the sentences elsewhere that ask for a time ("book it at 10:00"), not
  // ones that mention one ("I have lunch at 12:00")
  const said = texts.flatMap(([path, t, news]): [string, string][] =>
    news || !t || ZONE.test(t)
      ? []
      : sentences(t)
          .filter((x) => path === 'user.goal' || ASKS_TIME.test(x))
          .map((x) => [path, x]),
  );
  const stated = said.flatMap(([path, t]) => timesIn(t).map((minutes) => ({ path, minutes })));
  if (!stated.length) return [];
  const ranges = said.flatMap(([, t]) => rangesIn(t));
  const requestTimes = timesIn(spec.request);
  const agrees = (want: number) =>
    want === 0 ||
    requestTimes.includes(want) ||
    stated.some((s) => s.minutes === want) ||
    ranges.some(([lo, hi]) => lo <= want && want <= hi);
  const out: Diagnostic[] = [];
  const first = stated[0] as { path: string; minutes: number };
  const says = `the user states ${stated.map((s) => clock(s.minutes)).join(', ')} (${first.path})`;
  // what each check wants, in whatever matcher it is written ({equals}, {within: {of}}, a regex anchored on the
  // date-time): it agrees when one of its start times is one the user states
  for (const [at, wants] of wantedTimes(spec, values)) {
    if (wants.some(agrees)) continue;
    out.push(
      err(
        'user_contradicts_check',
        at,
        `${says} but this check wants ${wants.map(clock).join(' / ')} UTC; make the user's time and the check agree`,
        'builder',
      ),
    );
  }
  // and the reference, which the checks accept: a slot the user never asked for
  if (!out.length)
    spec.reference.forEach((st, i) => {
      if (!('call' in st)) return;
      for (const [k, v] of Object.entries(st.args)) {
        const t = typeof v === 'string' && START.test(k) ? timeOfIso(v) : undefined;
        if (t === undefined || agrees(t)) continue;
        out.push(
          err(
            'user_contradicts_check',
            `reference[${i}].args.${k}`,
            `${says} but the reference (which the checks accept) sets ${k} to ${clock(t)} UTC; make the user's time and the task agree`,
            'builder',
          ),
        );
      }
    });
  return out;
}

// the start of a slot (not its end): the field a user's "at 10:00" speaks of
const START = /^(?!.*(?:end|until|finish|due))(?:.*(?:start|time|at|when|scheduled|slot)).*$/;
const ISO_TIME = /\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})/;
const timeOfIso = (v: string): number | undefined => {
  const m = ISO_TIME.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
};
const MATCHER_KEYS = new Set([
  'equals',
  'in',
  'regex',
  'within',
  'of',
  'all_of',
  'any_of',
  'not',
  'before',
  'after',
  'contains',
]);

// check path → the start times it wants: exact values, and date-times inside its matchers
function wantedTimes(spec: TaskSpec, values: readonly CheckedValue[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (at: string, field: string | undefined, v: string) => {
    const t = timeOfIso(v);
    if (t === undefined || !field || !START.test(field)) return;
    out.set(at, [...(out.get(at) ?? []), t]);
  };
  for (const v of values) if (typeof v.value === 'string') add(`checks[${v.check}]`, v.field, v.value);
  const walk = (x: unknown, at: string, field: string | undefined) => {
    if (typeof x === 'string') add(at, field, x.replace(/^\^/, ''));
    else if (Array.isArray(x)) for (const y of x) walk(y, at, field);
    else if (x && typeof x === 'object')
      for (const [k, y] of Object.entries(x))
        if (k !== 'trace' && k !== 'description') walk(y, at, MATCHER_KEYS.has(k) ? field : k);
  };
  spec.checks.forEach((c, i) => {
    if (out.has(`checks[${i}]`)) return;
    for (const key of ['where', 'args', 'value', 'steps'] as const)
      walk((c as Record<string, unknown>)[key], `checks[${i}]`, 'field' in c ? String(c.field) : undefined);
  });
  return out;
}

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

// "between 10:00 and 12:00", "10:00–12:00", "from 9am to 11am", "after 14:00", "before noon"
function rangesIn(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(
    /(?:between|from)?\s*([\d:.]+\s?(?:[ap]\.?m\.?)?)\s*(?:and|to|until|till|-|–|—)\s*([\d:.]+\s?(?:[ap]\.?m\.?)?)/gi,
  )) {
    const [a, b] = [timesIn(`${m[1]}`)[0] ?? timesIn(`${m[1]}:00`)[0], timesIn(m[2] as string)[0]];
    if (a !== undefined && b !== undefined && a <= b) out.push([a, b]);
  }
  for (const m of text.matchAll(/\b(after|from|before|by)\s+([\d:.]+\s?(?:[ap]\.?m\.?)?)/gi)) {
    const t = timesIn(m[2] as string)[0];
    if (t === undefined) continue;
    out.push(/after|from/i.test(m[1] as string) ? [t, 24 * 60] : [0, t]);
  }
  return out;
}
