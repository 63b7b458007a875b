import type { Capability } from '../../schema/taxonomy.js';

// Calendar_Scheduling, as a practitioner means it: booking, moving or cancelling a time slot — an event on a
// calendar, a clinic appointment, a meeting, a shift, a room. A to-do given a due date, a court deadline ticked as
// diarised or a job's cron schedule books nobody's time (the last is automation), so a part that claims the
// capability exercises it only when it writes to a calendar or to a record that is itself a booked slot.

/** Record types whose records are booked slots of someone's time or of a room. */
export const SLOT_RECORDS: ReadonlySet<string> = new Set([
  'appointments',
  'room_bookings',
  'equipment_loans',
  'visitor_passes',
  'travel_bookings',
]);

interface Work {
  service?: string | null;
  capabilities: readonly Capability[];
  sources?: readonly string[];
}

/** Whether a part's work books, moves or cancels a time slot (a calendar event or a booked record). */
export function booksSlot(part: Work): boolean {
  if (!part.capabilities.includes('Calendar_Scheduling')) return false;
  return part.service === 'calendar' || (part.sources ?? []).some((s) => SLOT_RECORDS.has(s));
}

/** Whether a part's work exercises a capability: what it declares, with Calendar_Scheduling only for slot work. */
export function partGives(part: Work, cap: Capability): boolean {
  return cap === 'Calendar_Scheduling' ? booksSlot(part) : part.capabilities.includes(cap);
}
