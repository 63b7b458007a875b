// the working day a meeting is scheduled in and the first start in it where every attendee is free
// (meeting-scheduling.ts)

export const DAY_START = 9 * 60;
export const DAY_END = 17 * 60;
const minuteOf = (isoTime: string) => Number(isoTime.slice(11, 13)) * 60 + Number(isoTime.slice(14, 16));

export interface Ev {
  event_id: string;
  title: string;
  start_time: string;
  end_time: string;
  attendees: string[];
  location: string;
  organizer?: string;
}

/** first start (30-minute grid, working hours) where none of `who` has a non-cancelled event */
export function firstSlot(
  events: readonly Omit<Ev, 'event_id'>[],
  who: readonly string[],
  days: readonly string[],
  dur: number,
): { day: string; min: number } | undefined {
  for (const day of days) {
    const busy = events.filter(
      (e) => e.start_time.startsWith(day) && !/^cancelled/i.test(e.title) && e.attendees.some((a) => who.includes(a)),
    );
    for (let s = DAY_START; s + dur <= DAY_END; s += 30) {
      if (!busy.some((e) => minuteOf(e.start_time) < s + dur && minuteOf(e.end_time) > s)) return { day, min: s };
    }
  }
  return undefined;
}
