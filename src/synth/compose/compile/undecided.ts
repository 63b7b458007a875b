import { createRng, type Rng } from '../../../env/rng.js';
import { teamOf } from '../team-calendar.js';
import { teamChannelOf } from '../owner-teams.js';
import { slug } from '../../kit/text.js';
import type { Recipe } from '../recipe.js';
import type { SourcePart, World } from '../parts.js';
import { HOMELY } from '../policy-doc-data.js';
import { bare, FILE_PATH, type Frame, type Setting } from './file-path-reasons.js';

// Why the requester has not decided where the deliverable goes, and what they say once asked. The reason is the
// task's own: who in the team decides (its leads), what it hangs on (its meetings, the policy section the records
// fall under, the kind of deliverable — a CSV, a public page, a digest), and the user's answer settles exactly
// that reason ("the head of research wants it with the reading-group papers: …"). Reason and answer come from
// one seeded draw of the task (the request and the user plan are written in separate phases), and each reason
// has several wordings, so no one sentence stands for "ask first" across a corpus.

/** A reason the destination is open, and the answers that settle it (`v` is the destination as said). */
export interface OpenDestination {
  reason: string;
  answer: (v: string) => string;
  /** where the reason puts the file (a folder of its own, a scheme's name), from the path the task would use */
  place?: (path: string) => string;
}

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
      `the ${s.lead} is moving the ${s.plural} to ${s.home ? 'someone else in the flat' : 'another colleague'} this week`,
    ],
    answer: [(v) => `${v} is taking the ${s.plural} on, so send it there.`, (v) => `They go to ${v} from this week.`],
  }),
];

// a channel is one the workspace has, named for what its reason turns on: the team's own (the one that keeps the
// records), the crowd of one of its meetings, the section's own; never a slug of the records and the section
const teamChannel = (s: Setting) => () => `#${s.team}`;
// a reason about the team's channels, which a household has none of
const atWork =
  (f: Frame): Frame =>
  (s) =>
    s.home ? undefined : f(s);
const CHANNEL: readonly Frame[] = [
  atWork((s) => ({
    reason: [
      `the ${s.lead} hasn't decided whether this goes to the whole team or only to the people at ${s.event}`,
      `it may belong with the ${bare(s.event)} crowd rather than the whole team, and the ${s.lead} decides that`,
    ],
    answer: [
      { say: (v) => `Post it in ${v}; the ${s.lead} wants everyone to see it.`, place: teamChannel(s) },
      { say: (v) => `The ${s.lead} says ${v}, for the people at ${s.event}.`, place: () => `#${slug(bare(s.event))}` },
    ],
  })),
  atWork((s) => ({
    reason: [
      `we've just split our channels for ${s.plural} by team and I'm not sure which one fits`,
      `the ${s.lead} is merging some of our channels for ${s.plural} this week`,
    ],
    answer: [
      { say: (v) => `Post it in ${v}.`, place: teamChannel(s) },
      { say: (v) => `It's ${v} after the change.`, place: teamChannel(s) },
    ],
  })),
  (s) =>
    s.section
      ? {
          reason: [
            `the ${s.lead} moved "${s.section}" posts to a channel of their own ${s.when} and I don't remember which`,
            `I need to check where "${s.section}" items are posted since the channels were tidied ${s.when}`,
            `${s.keeper}, who set up our channels, may have given "${s.section}" posts one of their own ${s.when}`,
          ],
          answer: [
            { say: (v) => `It's ${v} now.`, place: () => `#${slug(s.section ?? '')}` },
            { say: (v) => `They go in ${v}.`, place: () => `#${slug(s.section ?? '')}` },
          ],
        }
      : undefined,
  atWork((s) => ({
    reason: [
      `it depends on whether our team or the ${s.lead}'s picks the ${s.plural} up`,
      `I don't know yet which team is picking up the ${s.plural}`,
    ],
    answer: [
      { say: (v) => `${v}, please — that team is picking it up.`, place: teamChannel(s) },
      { say: (v) => `Post it in ${v}; they're taking it.`, place: teamChannel(s) },
    ],
  })),
];

const TITLE: readonly Frame[] = [
  () => ({
    reason: [
      'the title has to match the series it goes out in and I still need to check that',
      'titles on our shared lists follow a set pattern and I need to look it up',
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

// one draw per task of the team whose channel a deliverable goes to, in every phase that names it
const teamRng = (p: OpenOf) => createRng('team-channel', p.src.name, p.tag, p.w.today);

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
    team: teamChannelOf(p.src, teamRng(p)),
    when: rng.pick(['last month', 'a few weeks ago', 'last week', 'this quarter', `after ${event}`]),
    ...(p.policy && !p.situation ? { section: p.policy.section } : {}),
    file: fileOf(usual),
    home: HOMELY.has(p.src.name),
  };
  const fits = frames.map((f) => f(s)).filter((f) => f !== undefined);
  // (a household's reasons where it has some, else the team's)
  if (!fits.length) fits.push(...frames.map((f) => f({ ...s, home: false })).filter((f) => f !== undefined));
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
  const about = {
    noun: p.src.noun[1],
    ...(p.situation ? {} : { purpose: p.tag }),
    published,
    team: teamChannelOf(p.src, teamRng(p)),
    ...(HOMELY.has(p.src.name) ? { home: true } : {}),
  };
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
