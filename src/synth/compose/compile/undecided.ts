import { createRng, type Rng } from '../../../env/rng.js';
import { slug } from '../../kit/text.js';
import { teamOf } from '../team-calendar.js';
import type { Recipe } from '../recipe.js';
import type { SourcePart, World } from '../parts.js';

// Why the requester has not decided where the deliverable goes, and what they say once asked. The reason is the
// task's own: who in the team decides (its leads), what it hangs on (its meetings, the policy section the records
// fall under, the kind of deliverable — a CSV, a public page, a digest), and the user's answer settles exactly
// that reason ("the head of research wants it with the reading-group papers: …"). Reason and answer come from
// one seeded draw of the task (the request and the user plan are written in separate phases), and each reason
// has several wordings, so no one sentence stands for "ask first" across a corpus.

interface Setting {
  plural: string;
  /** the task's date (YYYY-MM-DD): a year's folder, a dated name */
  day: string;
  lead: string;
  event: string;
  /** the colleague who keeps the team's drive (backgrounds.ts sharedDrive names them in its README) */
  keeper: string;
  /** when the drive changed: "last month", "after the bed meeting" */
  when: string;
  /** the policy section the records fall under, when the rule is in a document */
  section?: string;
  /** the deliverable's place: a CSV, a document, a public page, an intranet page */
  file: 'table' | 'doc' | 'public page' | 'intranet page';
}

/** A reason the destination is open, and the answers that settle it (`v` is the destination as said). */
export interface OpenDestination {
  reason: string;
  answer: (v: string) => string;
  /** where the reason puts the file (a folder of its own, a scheme's name), from the path the task would use */
  place?: (path: string) => string;
}

// an answer, and where it puts the file when that is not where such files usually go: a reason that says "a
// fresh folder" or "a naming scheme" is settled by a path the agent could not have guessed
type Answer = ((v: string) => string) | { say: (v: string) => string; place: (path: string) => string };
type Frame = (s: Setting) => { reason: string[]; answer: Answer[] } | undefined;

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
// a sub-folder of the file's own folder: "reports/2026/beds-list.csv"
const into = (folder: string) => (path: string) => `${dirOf(path)}/${folder}/${baseOf(path)}`;
// a scheme's name: the date first, words joined by underscores, a version ("reports/2026-10-28_beds_list_v1.csv")
const scheme = (day: string) => (path: string) => {
  const base = baseOf(path);
  const dot = base.lastIndexOf('.');
  const words = base
    .slice(0, dot)
    .replace(/-?\d{4}-\d{2}-\d{2}/, '')
    .replace(/-/g, '_');
  return `${dirOf(path)}/${day}_${words}_v1${base.slice(dot)}`;
};

// a page on the public site goes where comms put it: never into a meeting pack, a section's folder or a year's
const internal = (s: Setting) => s.file !== 'public page';

const FILE_PATH: readonly Frame[] = [
  (s) =>
    internal(s)
      ? {
          reason: [
            `it may have to go in with the papers for ${s.event}, which the ${s.lead} keeps separately`,
            `the ${s.lead} hasn't said whether it goes in the ${bare(s.event)} pack or in our own folder`,
          ],
          answer: [
            (v) => `The ${s.lead} wants it with our own files, not the ${bare(s.event)} pack: ${v}.`,
            (v) => `Checked with the ${s.lead} — save it as ${v}.`,
          ],
        }
      : undefined,
  (s) =>
    s.file === 'table'
      ? {
          reason: [
            `the ${s.lead} loads these tables into a tracker of their own and I need to check which folder it reads from`,
            `the ${s.lead} picks these CSVs up from a particular folder and I can't remember which`,
          ],
          answer: [
            { say: (v) => `The ${s.lead} reads them from ${v}, so put it there.`, place: into('tracker') },
            { say: (v) => `It's ${v}, please.`, place: into('tracker') },
          ],
        }
      : undefined,
  (s) =>
    s.file === 'public page'
      ? {
          reason: [
            "comms decide where pages sit on the public site and they haven't come back to me on this one",
            "the web team keeps the public site's layout and may want this page somewhere new",
          ],
          answer: [
            { say: (v) => `Comms came back: ${v}.`, place: into('news') },
            { say: (v) => `The web team says ${v}.`, place: into('news') },
          ],
        }
      : undefined,
  (s) =>
    s.file === 'intranet page'
      ? {
          reason: [
            `the ${s.lead} is reorganising our intranet pages for the ${s.plural}`,
            `the intranet pages for the ${s.plural} are being regrouped and I don't know where this one lands`,
          ],
          answer: [
            { say: (v) => `It goes under the new layout: ${v}.`, place: into(slug(s.plural)) },
            { say: (v) => `The ${s.lead} says ${v}.`, place: into(slug(s.plural)) },
          ],
        }
      : undefined,
  // the colleague who keeps the team's drive (the one its README names) decides where a section's lists are filed
  (s) =>
    s.section && internal(s)
      ? {
          reason: [
            `${s.keeper}, who looks after the shared drive, moved the "${s.section}" lists around ${s.when} and I'm not sure where they live now`,
            `${s.keeper} (who keeps our shared drive) was going to give the "${s.section}" lists a folder of their own ${s.when} and I don't know if that happened`,
            `the "${s.section}" lists may have their own folder since ${s.keeper}, who looks after the drive, reorganised it ${s.when}`,
            `${s.keeper}, who runs the shared drive, decides where the "${s.section}" lists are filed, and that changed ${s.when}`,
            `I'd have to ask ${s.keeper}, who keeps the drive, whether the "${s.section}" lists still sit apart`,
          ],
          answer: [
            (v) => `${s.keeper} says they go with the rest now: ${v}.`,
            {
              say: (v) => `Checked with ${s.keeper}: they have their own folder, so save it as ${v}.`,
              place: into(slug(s.section ?? '')),
            },
            {
              say: (v) => `${s.keeper} confirmed they have a folder of their own: ${v}.`,
              place: into(slug(s.section ?? '')),
            },
          ],
        }
      : undefined,
  (s) => ({
    reason: [
      `there's a naming scheme for ${s.plural} files that the ${s.lead} set up and I'd have to look it up`,
      `the ${s.lead} wants files about the ${s.plural} named a particular way and I don't have it to hand`,
      `${s.keeper}, who looks after the shared drive, brought in a naming scheme ${s.when} and I don't have it to hand`,
    ],
    answer: [
      { say: (v) => `Under the ${s.lead}'s scheme that's ${v}.`, place: scheme(s.day) },
      { say: (v) => `Name it ${v}, please.`, place: scheme(s.day) },
      { say: (v) => `I asked ${s.keeper}: by the scheme it's ${v}.`, place: scheme(s.day) },
    ],
  }),
  (s) =>
    internal(s)
      ? {
          reason: [
            `the ${s.lead} wants this year's reports on the ${s.plural} kept apart from last year's and hasn't said how`,
            `this year's reports on the ${s.plural} are meant to go somewhere new and I need to check where`,
            `the ${s.lead} is starting a fresh folder for this year's reports and hasn't told me what it's called`,
          ],
          answer: [
            { say: (v) => `This year's go under ${v}.`, place: into(s.day.slice(0, 4)) },
            { say: (v) => `Keep it with this year's: ${v}.`, place: into(s.day.slice(0, 4)) },
          ],
        }
      : undefined,
];

const RECIPIENT: readonly Frame[] = [
  (s) => ({
    reason: [
      `it should go to whoever is covering for the ${s.lead} this week, and I need to check the rota`,
      `the ${s.lead} is away and I'm not sure who is covering`,
    ],
    answer: [(v) => `${v} is covering this week, so send it there.`, (v) => `Send it to ${v}; they're covering.`],
  }),
  (s) => ({
    reason: [
      `it should go to whoever takes the ${s.plural} to ${s.event}, and that isn't settled`,
      `someone has to present the ${s.plural} at ${s.event} and I don't know yet who`,
    ],
    answer: [
      (v) => `${v} is taking them to ${s.event}; send it there.`,
      (v) => `${v} is presenting at ${s.event}, so it goes to them.`,
    ],
  }),
  (s) => ({
    reason: [
      `the ${s.lead} may want to see it before anyone else does`,
      `it depends on whether the ${s.lead} wants a look first`,
    ],
    answer: [
      (v) => `The ${s.lead} is happy for it to go straight to ${v}.`,
      (v) => `No need for the ${s.lead} to see it first — send it to ${v}.`,
    ],
  }),
  (s) => ({
    reason: [
      `the ${s.plural} are being handed to someone new and I don't know yet who`,
      `the ${s.lead} is moving the ${s.plural} to another colleague this week`,
    ],
    answer: [(v) => `${v} is taking the ${s.plural} on, so send it there.`, (v) => `They go to ${v} from this week.`],
  }),
];

const CHANNEL: readonly Frame[] = [
  (s) => ({
    reason: [
      `the ${s.lead} hasn't decided whether this goes to the whole team or only to the people at ${s.event}`,
      `it may belong with the ${bare(s.event)} crowd rather than the whole team, and the ${s.lead} decides that`,
    ],
    answer: [(v) => `Post it in ${v}; the ${s.lead} wants everyone to see it.`, (v) => `The ${s.lead} says ${v}.`],
  }),
  (s) => ({
    reason: [
      `we've just split the ${s.plural} channels by team and I'm not sure which one fits`,
      `the ${s.lead} is merging some of the ${s.plural} channels this week`,
    ],
    answer: [(v) => `Post it in ${v}.`, (v) => `It's ${v} after the change.`],
  }),
  (s) =>
    s.section
      ? {
          reason: [
            `the ${s.lead} moved "${s.section}" posts to a channel of their own ${s.when} and I don't remember which`,
            `I need to check where "${s.section}" items are posted since the channels were tidied ${s.when}`,
            `${s.keeper}, who set up our channels, may have given "${s.section}" posts one of their own ${s.when}`,
          ],
          answer: [(v) => `It's ${v} now.`, (v) => `They go in ${v}.`],
        }
      : undefined,
  (s) => ({
    reason: [
      `it depends on whether our team or the ${s.lead}'s picks the ${s.plural} up`,
      `I don't know yet which team is picking up the ${s.plural}`,
    ],
    answer: [(v) => `${v}, please — that team is picking it up.`, (v) => `Post it in ${v}; they're taking it.`],
  }),
];

const TITLE: readonly Frame[] = [
  () => ({
    reason: [
      'the title has to match the series it goes out in and I still need to check that',
      'readers follow the digests by title, so it has to fit the series',
    ],
    answer: [(v) => `Call it "${v}" to match the series.`, (v) => `Use "${v}" as the title.`],
  }),
  (s) => ({
    reason: [
      `the ${s.lead} has the final say on titles and hasn't picked one`,
      `the ${s.lead} is choosing the titles this month`,
    ],
    answer: [(v) => `The ${s.lead} picked "${v}".`, (v) => `Go with "${v}" — the ${s.lead} chose it.`],
  }),
];

const REPORT_TITLE: readonly Frame[] = [
  () => ({
    reason: [
      'finance files these by title and I need to check which one they want',
      "finance changed how reports are named this month and I haven't seen the new format",
    ],
    answer: [(v) => `Finance wants it titled "${v}".`, (v) => `The new format gives "${v}".`],
  }),
  (s) => ({
    reason: [
      `the ${s.lead} wants the title to line up with ${s.event}`,
      `the ${s.lead} sorts these by title for ${s.event} and hasn't told me this one`,
    ],
    answer: [(v) => `Title it "${v}", please.`, (v) => `The ${s.lead} says "${v}".`],
  }),
];

const FRAMES: Readonly<Record<string, readonly Frame[]>> = {
  'file path': FILE_PATH,
  recipient: RECIPIENT,
  channel: CHANNEL,
  title: TITLE,
  'report title': REPORT_TITLE,
};

const ASKS: Readonly<Record<string, readonly string[]>> = {
  'file path': [
    'check with me before you save it',
    'ask me where to save it first',
    'give me a shout before you save it',
    'ask me for the path before saving',
    "don't save it until I've told you where",
  ],
  recipient: [
    'ask me who to send it to',
    'check with me before you send it',
    "don't send it until I've told you who gets it",
    'ask me for the name first',
  ],
  channel: ['ask me which channel before you post', 'check with me before posting', 'ask me where to post it first'],
  title: ['ask me before you publish it', 'check the title with me first', 'ask me for the title first'],
  'report title': [
    'ask me before you submit it',
    'check the title with me first',
    'ask me for the title before submitting',
  ],
};

// an event said with its own article ("the bed meeting") as a noun's modifier: "the bed meeting pack"
const bare = (event: string) => event.replace(/^the /, '');

function fileOf(value: string): Setting['file'] {
  if (value.endsWith('.csv')) return 'table';
  if (value.startsWith('site/')) return 'public page';
  return value.endsWith('.html') ? 'intranet page' : 'doc';
}

/** What the open destination is drawn from: the task's parts known before its program is put together. */
interface OpenOf {
  recipe: Pick<Recipe, 'aggregate' | 'phrasing' | 'interaction'>;
  src: SourcePart;
  policy?: { section: string };
  /** the request says the work instead of the section: no reason names the section's heading */
  situation?: string;
  tag: string;
  w: Pick<World, 'today' | 'staff' | 'me'>;
}
/** A deliverable's destination; `usual` is the path such files take, where a task that asks first is told another. */
interface Dest {
  value: string;
  phrase: string;
  usual?: string;
}

/**
 * The open destination's reason and answer for a task that asks first, drawn from the destination the task would
 * otherwise use (`usual`); the same in every phase that calls it. Its `place` (if any) is where the file then goes.
 */
export function openDestinationOf(p: OpenOf, usual: string): OpenDestination | undefined {
  const destination = p.recipe.aggregate?.destination;
  const frames = destination ? FRAMES[destination] : undefined;
  if (!destination || !frames) return undefined;
  const rng = createRng('open-destination', p.recipe.phrasing, p.src.name, p.tag, p.w.today);
  const team = teamOf(p.src);
  const event = rng.pick(team.events);
  const s: Setting = {
    plural: p.src.noun[1],
    day: p.w.today.slice(0, 10),
    lead: rng.pick(team.leads),
    event,
    keeper: (p.w.staff[1] ?? p.w.me).first,
    when: rng.pick(['last month', 'a few weeks ago', 'last week', 'this quarter', `after ${event}`]),
    ...(p.policy && !p.situation ? { section: p.policy.section } : {}),
    file: fileOf(usual),
  };
  const fits = frames.map((f) => f(s)).filter((f) => f !== undefined);
  const frame = rng.pick(fits);
  const answer = rng.pick(frame.answer);
  return {
    reason: rng.pick(frame.reason),
    ...(typeof answer === 'function' ? { answer } : { answer: answer.say, place: answer.place }),
  };
}

/** The open destination of a built program (its `usual` destination kept on it, see askedDest). */
export function openDestination(p: OpenOf & { dest?: Dest }): OpenDestination | undefined {
  return p.dest ? openDestinationOf(p, p.dest.usual ?? p.dest.value) : undefined;
}

/**
 * The destination of a task that asks where its file goes: the place its reason calls for (a folder of this year's,
 * a scheme's name), never the path such files usually take, which an agent that does not ask could guess.
 */
export function askedDest(p: OpenOf, dest: Dest | undefined): Dest | undefined {
  if (!dest || p.recipe.interaction !== 'ask') return dest;
  const place = openDestinationOf(p, dest.value)?.place;
  if (!place) return dest;
  const value = place(dest.value);
  return { value, phrase: dest.phrase.replace(dest.value, value), usual: dest.value };
}

/**
 * The deliverable's destination, named by its records and the task's section, or by its records alone where the
 * request leaves the section to the agent (act-situations.ts); then moved where an ask-first reason puts it.
 */
export function deliverableOf(p: OpenOf & { w: World }, published: boolean): Dest | undefined {
  const about = { noun: p.src.noun[1], ...(p.situation ? {} : { purpose: p.tag }), published };
  return askedDest(p, p.recipe.aggregate?.dest(p.w, about));
}

/** The ask-first line for an open destination (no final stop): "the ward sister decides …, so check with me …". */
export function undecided(p: OpenOf & { dest?: Dest }, rng: Rng): string | undefined {
  const destination = p.recipe.aggregate?.destination;
  const open = openDestination(p);
  if (!destination) return undefined;
  const ask = rng.pick(ASKS[destination] ?? [`ask me for the ${destination} first`]);
  if (!open) return ask;
  return rng.pick([`${open.reason}, so ${ask}`, `${ask}: ${open.reason}`, `${ask} — ${open.reason}`]);
}
