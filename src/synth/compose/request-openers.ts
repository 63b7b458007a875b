import type { Rng } from '../../env/rng.js';
import type { Register } from '../kit/content.js';
import type { Person } from '../kit/people.js';

// How a request opens and closes, in the asker's register. A coworker opens with a plain greeting or none and gets
// to the occasion; canned interjections ("Quick one:", "Small job:") read as a template once a reader has seen a
// few, so they are rare, and a "quick" or "small" one only ever opens a request that asks for one thing.

/** The register a person writes in: theirs in every request they send, not a fresh draw per request. */
export function registerOf(me: Person): Register {
  let h = 2166136261;
  for (const c of me.email) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const registers: readonly Register[] = ['terse', 'plain', 'plain', 'chatty', 'formal'];
  return registers[h % registers.length] as Register;
}

/** Plain greetings by register ('' : none, straight into the occasion). */
export const GREET: Record<Register, readonly string[]> = {
  terse: ['', '', '', 'Hi,'],
  plain: ['Hi,', 'Hello,', 'Hi there,', 'Morning,', 'Afternoon,', ''],
  chatty: ['Hey!', 'Hiya —', 'Hey there,', 'Hey,', 'Hi!'],
  formal: ['Good morning,', 'Good afternoon,', 'Hello,', 'Dear colleague,'],
};

// the openers that size the job: only before a request with a single thing to do
const SMALL: readonly string[] = ['Quick one:', 'A small one for you:', 'Quick favour:', 'One small thing:'];

// the chatty asker's small talk, said only on the day it is true ("happy Friday" on a Friday)
function smallTalk(weekday: number, hour: number): string[] {
  if (weekday === 5) return ['Happy Friday!', 'Hey, happy Friday!'];
  if (weekday === 1) return ['Hey! Hope you had a good weekend.', 'Morning! Hope the weekend was good.'];
  return hour < 12 ? ['Morning! Hope the week is treating you well.'] : ['Hey! Hope the week is going OK.'];
}

/** What the opener may know of the request: how much it asks, when it is sent, whether news comes first. */
export interface OpenerFacts {
  register: Register;
  /** the request asks for one thing (no second step, no figure to add, nothing to ask first) */
  small: boolean;
  /** what follows the opener is news, the reason for asking ("Heads up:" may announce it) */
  informs: boolean;
  /** UTC hour and weekday of the task's clock */
  hour: number;
  weekday: number;
}

/** The greeting line a request opens with ('' for none). */
export function greetingOf(f: OpenerFacts, rng: Rng): string {
  const timely = (g: string) => !(/morning/i.test(g) && f.hour >= 12) && !(/afternoon/i.test(g) && f.hour < 12);
  if (f.small && f.register !== 'formal' && rng.chance(0.25)) return rng.pick(SMALL);
  if (f.informs && f.register === 'terse' && rng.chance(0.08)) return 'Heads up:';
  if (f.register === 'chatty' && rng.chance(0.15)) {
    const talk = smallTalk(f.weekday, f.hour).filter(timely);
    if (talk.length) return rng.pick(talk);
  }
  return rng.pick(GREET[f.register].filter(timely));
}

// sign-offs: the plain ones carry the register; the warm ones ("owe you a coffee") are one person's habit, rare
const SIGN: Record<Register, readonly string[]> = {
  terse: ['', 'Thx.', 'Ta.', 'Thanks.', 'Thanks'],
  plain: ['Thanks,', 'Thanks!', 'Cheers,', 'Thank you,', 'Many thanks,'],
  chatty: ['Thanks!', 'Cheers!', 'Thanks so much!', 'Much appreciated!', 'Thanks loads,'],
  formal: ['Kind regards,', 'Many thanks,', 'Best regards,', 'With thanks,', 'Regards,'],
};
const WARM: readonly string[] = [
  'Thanks a million!',
  'You are a star, thanks!',
  'Owe you a coffee.',
  'Lifesaver, thank you!',
  'Thanks heaps!',
  'Really appreciate it!',
];

/** The sign-off before the asker's name. */
export const signOffOf = (register: Register, rng: Rng): string =>
  register === 'chatty' && rng.chance(0.2) ? rng.pick(WARM) : rng.pick(SIGN[register]);

/** Every sign-off a request may close with (tests read the request's body without it). */
export const SIGN_OFFS: readonly string[] = [...new Set([...Object.values(SIGN).flat(), ...WARM])].filter(Boolean);

// an opener of the ask and whether it asks (a question ends in "?", an imperative in "."), in the asker's register
export const VERBS: Record<Register, readonly [string, boolean][]> = {
  terse: [
    ['Go through', false],
    ['Please go through', false],
    ['Pull up', false],
    ['Please find', false],
  ],
  plain: [
    ['Please go through', false],
    ['Could you go through', true],
    ['Can you pick out', true],
    ['Please find', false],
    ['Could you look at', true],
    ['Please pull up', false],
  ],
  chatty: [
    ['Could you go through', true],
    ['Can you pick out', true],
    ['Could you look at', true],
    ['Can you dig out', true],
  ],
  formal: [
    ['Please go through', false],
    ['Would you check', true],
    ['Could you review', true],
    ['Would you go through', true],
  ],
};

// a forwarded note's first line, naming who wrote it; and the line that hands it on
const FORWARD: readonly ((from: string) => string)[] = [
  (f) => `Forwarding this from ${f}:`,
  (f) => `${f} sent me this:`,
  (f) => `This came in from ${f}:`,
  (f) => `Passing on a note from ${f}:`,
  (f) => `${f} asked me to pass this on:`,
  (f) => `See below from ${f}:`,
  (f) => `Over from ${f}:`,
  (f) => `${f} wants this done:`,
  (f) => `Got this from ${f} earlier:`,
  (f) => `From ${f}, this morning:`,
  (f) => `Here is ${f}'s note:`,
  (f) => `Had this from ${f}:`,
];
export const forwardIntro = (from: string, rng: Rng): string => rng.pick(FORWARD)(from);

/** Who wrote the note a request forwards, read off its first line (none: not a forwarded note). */
export function forwarderOf(request: string): string | undefined {
  const marker = '\u0000';
  for (const line of request.split('\n')) {
    for (const f of FORWARD) {
      const [head, tail] = f(marker).split(marker) as [string, string];
      if (line.startsWith(head) && line.endsWith(tail) && line.length > head.length + tail.length)
        return line.slice(head.length, line.length - tail.length);
    }
  }
  return undefined;
}

/** The word a chat line opens with, in the asker's register ('' : none). */
export function chatHello(register: Register, hour: number, rng: Rng): string {
  const CHAT: Record<Register, readonly string[]> = {
    terse: ['', 'hi'],
    plain: ['hi', 'hey'],
    chatty: ['hey', 'yo', 'hiya'],
    formal: ['hello', 'hi'],
  };
  return rng.pick([...CHAT[register], ...(hour < 12 && register !== 'terse' ? ['morning'] : [])]);
}

/** The line that hands a forwarded note on. */
export const handOff = (rng: Rng): string =>
  rng.pick([
    'Can you take this one?',
    'Could you handle it?',
    'This one is yours if you have time.',
    'Could you pick this up?',
    'Can you do this for me?',
    'Over to you, if you have a moment.',
    'Could you take it on?',
    'Are you able to fit this in?',
    'Would you pick this one up?',
    'Could you squeeze it in?',
  ]);
