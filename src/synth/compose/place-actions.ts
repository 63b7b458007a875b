import { capitalise } from '../kit/text.js';
import type { ActionContext, ActionPart, World } from './parts.js';
import type { SourceName } from './sources/index.js';

// work on the places a floor plan shows, besides getting them ready (place-aggregates.ts): a blocked place is
// handed to the team that brings it back into use. The id is on the plan and the area (bay, seating block, zone)
// only as the dashed region the place stands in, so the message or ticket naming both needs the plan read.

const placeId = (x: ActionContext) => String(x.rec.place_id);
const areaOf = (x: ActionContext) => String(x.rec.zone);
// a team's shared mailbox at the company's own domain: a desk, not a person to greet by name
const mailbox = (w: World, box: string) => `${box}@${w.me.email.split('@')[1]}`;

const DOMESTICS = 'domestics';

/**
 * A blocked ward bed (awaiting cleaning) reported to domestic services, one message per bed, the bed in the subject
 * and its bay in the body so the team finds it on the ward.
 */
export const reportBedRelease: ActionPart<SourceName> = {
  name: 'report_bed_release',
  // (its forms on the ward, acts-places.ts: every blocked bed, or first the oxygen or hoist beds admissions wait for)
  sections: ['Bed release', 'Respiratory bed release', 'Hoist bed release'],
  // (releasing a blocked bed is never a branch of getting free ones ready)
  ownSection: true,
  service: 'gmail',
  tool: 'gmail_send_message',
  sources: ['ward_beds'],
  capabilities: ['Email_Communication', 'Spatial_Visual_Reasoning'],
  phrases: [
    'report each one to domestic services ({desk}) so it is cleaned and released: one email per bed, the bed id in the subject and its bay in the message',
    'email domestic services at {desk} about each of them, one message a bed with its id in the subject line, saying which bay it is in',
    'ask domestic services ({desk}) to turn each one round: a separate email per bed, bed id in the subject, the bay named in the body',
  ],
  fill: (w) => ({ desk: mailbox(w, DOMESTICS) }),
  args: (x) => ({
    to: mailbox(x.w, DOMESTICS),
    subject: `Bed ${placeId(x)} awaiting cleaning`,
    body: `Hello,\n\nBed ${placeId(x)} on Ward 7 (${areaOf(x)}) is blocked, awaiting cleaning. Could it be cleaned and released today?\n\nThanks.`,
  }),
  proof: (x) => ({ service: 'gmail', record: 'sent_messages', where: { subject: { contains: placeId(x) } } }),
  exact: (x) => ({ to: mailbox(x.w, DOMESTICS), body: { contains: areaOf(x) } }),
};

/** The facilities team's queue in the helpdesk, named in the request. */
export const ESTATES = 'Estates';

/**
 * A broken place (an exam seat's broken desk, an office desk out of use) raised as a repair ticket in the estates
 * queue of the helpdesk: the place in the title, its area in the description.
 */
function repairTicket(
  name: string,
  source: SourceName,
  section: string,
  phrases: readonly string[],
): ActionPart<SourceName> {
  return {
    name,
    sections: [section],
    // (a repair is its section's whole job: no branch of another section's work on free places)
    ownSection: true,
    service: 'helpdesk',
    tool: 'helpdesk_create_ticket',
    sources: [source],
    capabilities: ['Tool_Calling', 'Spatial_Visual_Reasoning'],
    phrases,
    args: (x) => ({
      title: `Repair: ${x.src.noun[0]} ${placeId(x)}`,
      description: `${capitalise(x.src.noun[0])} ${placeId(x)} (${areaOf(x)}) is blocked and out of use; please repair it or take it off the plan.`,
      department: ESTATES,
      priority: 'high',
    }),
    proof: (x) => ({ service: 'helpdesk', record: 'created_tickets', where: { title: { contains: placeId(x) } } }),
    exact: (x) => ({ department: ESTATES, description: { contains: areaOf(x) } }),
  };
}

export const repairSeat = repairTicket('repair_seat', 'exam_seats', 'Seat repair', [
  `raise a repair ticket in the helpdesk for each one, department "${ESTATES}", with the seat id in the title and its seating block in the description`,
  `log each broken seat with estates: one helpdesk ticket per seat (department "${ESTATES}"), titled with the seat id, the description saying which seating block it is in`,
]);

export const repairDesk = repairTicket('repair_desk', 'desk_plan', 'Desk repair', [
  `open a helpdesk ticket for facilities on each one, department "${ESTATES}", the desk id in the title and its zone in the description`,
  `report each desk to estates as its own helpdesk ticket (department "${ESTATES}"): desk id in the title and the name of its zone in the description`,
]);
