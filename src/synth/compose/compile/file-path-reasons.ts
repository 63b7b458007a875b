import { slug } from '../../kit/text.js';

// Why a file's place is open, in the words of a task that asks before saving: the reasons and the answers that
// settle them (undecided.ts draws one), each answer moving the file where its reason says (a section's folder, a
// scheme's name, this year's folder), so an agent that skips asking cannot guess the path.

// an event said with its own article ("the bed meeting") as a noun's modifier: "the bed meeting pack"
export const bare = (event: string) => event.replace(/^the /, '');

/** What a reason is drawn from: the task's records, team, section and deliverable. */
export interface Setting {
  plural: string;
  /** the task's date (YYYY-MM-DD): a year's folder, a dated name */
  day: string;
  lead: string;
  event: string;
  /** the chat channel of the team that keeps the records, without its "#" ("finance-operations") */
  team: string;
  /** the colleague who keeps the team's drive (backgrounds.ts sharedDrive names them in its README) */
  keeper: string;
  /** when the drive changed: "last month", "after the bed meeting" */
  when: string;
  /** the policy section the records fall under, when the rule is in a document */
  section?: string;
  /** the deliverable's place: a CSV, a document, a public page, an intranet page */
  file: 'table' | 'doc' | 'public page' | 'intranet page';
  /** the records are a household's (its bills): the people are flatmates, not colleagues, and there are no teams */
  home?: boolean;
}

// an answer, and where it puts the file when that is not where such files usually go: a reason that says "a
// fresh folder" or "a naming scheme" is settled by a path the agent could not have guessed
export type Answer = ((v: string) => string) | { say: (v: string) => string; place: (path: string) => string };
export type Frame = (s: Setting) => { reason: string[]; answer: Answer[] } | undefined;

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

/** The reasons a file path is open, each with the answers that settle it. */
export const FILE_PATH: readonly Frame[] = [
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
            `I'd have to ask ${s.keeper}, who keeps the drive, whether the "${s.section}" lists still have a folder of their own`,
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
    ],
    answer: [
      { say: (v) => `Under the ${s.lead}'s scheme that's ${v}.`, place: scheme(s.day) },
      { say: (v) => `Name it ${v}, please.`, place: scheme(s.day) },
    ],
  }),
  // (a scheme the drive's keeper brought in is settled by what they say, never by the lead's)
  (s) => ({
    reason: [
      `${s.keeper}, who looks after the shared drive, brought in a naming scheme ${s.when} and I don't have it to hand`,
      // (why the scheme is not to hand, or the reason undercuts itself: it was sent round, so why ask)
      `${s.keeper}, who looks after the drive, only sent the new naming scheme round ${s.when} and I haven't got to it yet`,
    ],
    answer: [
      { say: (v) => `I asked ${s.keeper}: by the scheme it's ${v}.`, place: scheme(s.day) },
      { say: (v) => `${s.keeper}'s scheme gives ${v}.`, place: scheme(s.day) },
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
