import { OPS_SPARED, withMoreSpared } from './spared-ops-data.js';
import { PLACES_SPARED } from './spared-places-data.js';
import { STUDIO_SPARED } from './spared-studio-data.js';
import type { ByAct } from './spared-kinds.js';
import { VARIETY_SPARED } from './spared-variety-data.js';

// Why a policy may leave the records of one category out of a section's work, per record type, act (its first
// heading), field and value, in the words of the people who keep them: why THIS work needs no doing for that kind of
// record (a hotel bill is paid back on the travel claim, so the receipt queue has nothing to pay; the overflow site's
// stock is counted by the logistics partner). A reason belongs to the work it names: "McKinsey pieces are free to
// read" spares a licence check, never a report's replacement, so the same kind is spared by one act and not another.
// A category exception is drawn only where the act has a reason here (rules/draw.ts): no stock "standing
// arrangement", and no section borrowing another's reason.

// (who collects a region's money is a reason for the chase and the write-off, not for a dispute's follow-up)
const COLLECTED = {
  Central: 'Central accounts are with the key-account team, who chase their own customers',
  East: 'the East region went to the distributor in March, who now collects those orders',
  North: 'the North region’s accounts are factored, so the factoring company collects them',
  West: 'the West region’s orders are public-sector, paid on the framework’s own fixed terms',
  South: 'the South region sells through the reseller, who collects from its own customers',
};
const REGIONS: ByAct = {
  Escalation: { region: COLLECTED },
  'Write-off review': {
    region: {
      East: 'the East region’s debts are the distributor’s since March, so there is nothing of ours to write off',
      North: 'the North region’s debts are sold to the factoring company, which carries any loss',
    },
  },
  'Credit hold': {
    region: { West: 'the West region’s public-sector customers are on framework terms, which allow no credit hold' },
  },
};

export const SPARED: Readonly<Record<string, ByAct>> = withMoreSpared(
  {
    // (said of how that kind is claimed, which holds whoever paid: a reimbursement rule selects what staff paid)
    receipt_scans: {
      Reimbursement: {
        category: {
          hotel: [
            'a hotel stay is claimed on the trip’s travel claim, together with the booking confirmation',
            'hotel bills go to the travel desk first, which checks them against the room-rate policy',
          ],
          rail: [
            'rail fares are claimed through the travel portal, which matches each to its booking',
            'a rail fare is refunded against the e-ticket in the booking portal, not against a paper receipt',
          ],
          // (a trip's airport taxi at the travel desk, a cab to a client at the office: both go on the travel claim)
          taxi: [
            'taxi fares are claimed on the monthly travel claim with the journey details, not as loose receipts',
            'a taxi is paid back only against the journey log the travel desk keeps, which comes with the travel claim',
          ],
          meals: [
            'meals on a trip are covered by the day allowance, so no receipt is paid back on its own',
            'trip meals are claimed on the per diem form, not against the receipt',
          ],
          'car hire': [
            'car hire is claimed on the mileage and hire form with the rental agreement, not as a loose receipt',
            'a hire car is paid back against the rental agreement the travel desk approved, with the trip’s travel claim',
          ],
          'client meals': [
            'client meals go on the entertainment return, which the finance partner signs off separately',
            'client entertainment is disallowed for tax and goes through its own register',
          ],
          supplies: 'office supplies bought out of pocket are refunded from petty cash by the office manager',
          courier: 'courier runs are recharged to the client matter, so they go on the matter’s disbursement slip',
          parking: 'parking is paid back through the mileage claim, which already lists each car park',
        },
        payment: { 'corporate card': 'the company paid it, so nothing is owed back; the card statement reconciles it' },
        cost_centre: {
          'Client projects':
            'client-project receipts are recharged to the client, so they are paid back on the project’s disbursement claim',
          Marketing:
            'marketing’s receipts are paid back from the events budget, on the marketing manager’s own sign-off',
          Research: 'grant-funded research receipts are paid back from the grant, under the funder’s own expense rules',
          Training: 'course and training receipts are paid back by HR from the training budget, against the booking',
          IT: 'IT kit bought out of pocket is paid back by the IT budget holder, once it is on the asset register',
          Facilities:
            'facilities purchases are paid back from the building budget, on the facilities manager’s sign-off',
        },
      },
      'Itemised receipt': {
        category: {
          rail: 'a rail fare is one ticket at one price, with nothing to itemise',
          taxi: 'a taxi fare is one journey at the metered price, with nothing to itemise',
        },
      },
      'Statement reconciliation': {
        category: {
          rail: 'rail fares on the card are matched by the travel portal’s own booking feed, not by receipt',
        },
      },
      'Late claim': {
        category: {
          hotel: [
            'a hotel stay is claimed on the trip’s travel claim, which has its own deadline after the trip',
            'hotel bills are settled through the travel desk’s booking account, so none waits on a late claim',
          ],
          meals: [
            'trip meals are paid as a day allowance on the travel claim, so no receipt is ever late on its own',
            'meals away are covered by the per diem, which is paid on the trip’s dates whatever the receipt says',
          ],
          rail: 'rail fares are booked and paid through the travel portal, so no rail receipt is ever claimed late',
        },
        // (a late receipt needs signing off because staff are owed for it: the company's own card owes nobody)
        payment: {
          'corporate card': 'a corporate-card receipt only reconciles the card statement, so it is never a late claim',
        },
      },
    },
    partner_mails: {
      Reply: {
        topic: {
          invoice: [
            'invoice questions go to accounts receivable, who answer them against the sales ledger',
            'invoice queries are answered from the billing system by the credit controller',
          ],
          complaint: [
            'complaints are logged with the quality team, who reply within their own service level',
            'complaints go to the customer-care lead, who must answer them personally',
          ],
          delivery: 'delivery questions go to the logistics desk, who can see the carrier’s tracking',
          price: 'price questions go to the key-account manager, who alone can quote',
        },
        language: {
          Japanese: 'the Tokyo liaison office answers its partners directly, in Japanese',
          Chinese: 'the Shanghai office answers its partners’ messages in its own working hours',
          Spanish: [
            'the Madrid agent answers the Spanish-speaking partners under the agency agreement',
            'the Spanish-speaking partners are answered from the Madrid office, in their own hours',
          ],
          French: 'the Lyon office answers the French-speaking partners, in their own hours',
        },
      },
      Translation: {
        language: {
          Japanese: [
            'the Tokyo liaison office reads and answers those in Japanese, so nothing needs translating',
            'those are dealt with in Japanese by the Tokyo liaison office, with no translation',
          ],
          Spanish: 'the Madrid agent works in Spanish and takes those as they are, with no translation',
          French: 'the Lyon office reads those in French, so they never need translating here',
          Chinese: [
            'the Shanghai office reads and answers those in Chinese itself',
            'the Shanghai office deals with those in Chinese, so there is nothing to translate',
          ],
        },
      },
      'Large orders': {
        topic: { price: 'a price for a large order can only be quoted by the key-account manager, who takes those' },
      },
    },
    sheet_rows: REGIONS,
    // (the dashboard's terms spare a dispute or a write-off that another process owns; net 15 is invoice terms like
    // the others, with no card on file, so no process of its own takes a net-15 dispute or write-off)
    order_screenshot: {
      ...REGIONS,
      'Follow-up': {
        terms: {
          'net 60': 'disputes on the framework accounts go through the framework’s own dispute procedure',
        },
      },
    },
    // (an NDA or an SOW never renews itself, packs/legal-data.ts CONTRACT_FACTS: the renewal work, which takes only
    // contracts set to renew, has nothing to spare them from, and a reason saying so would be left with no record)
    contracts: {
      Renewal: {
        contract_type: {
          DPA: 'a DPA follows the main agreement it sits under, and renews or ends with that one',
          lease: 'leases are renewed by the property team, who hold the landlord correspondence',
          licence: 'software licences are renewed by IT asset management from its own register',
          'supply agreement': 'supply agreements are renewed by procurement, in the category review it holds each year',
        },
      },
      'Notice decision': {
        contract_type: {
          DPA: 'a DPA ends with the main agreement it sits under, so notice is served on that one',
          SOW: 'an SOW ends with its project under the MSA, so no notice is served on it',
        },
      },
      'Signature chase': {
        contract_type: { lease: 'the property team gets leases signed, through the landlord’s agent' },
      },
    },
    work_orders: {
      Expediting: {
        line: {
          test: 'the test cell runs to the quality plan, which already sets its order',
          packing: 'packing works to the dispatch schedule the warehouse sets each morning',
          welding: 'welding is sequenced by the certified-welding coordinator against the procedure sheets',
        },
      },
      Hold: {
        order_type: {
          prototype: 'prototypes are built by engineering off the production line, so they tie up no slot',
        },
        line: { test: 'the test cell draws no material, only the finished part, so a shortage cannot stop it' },
      },
      'Late order review': {
        order_type: {
          prototype: 'prototypes are run by engineering outside the production schedule, with no customer date',
          rework: 'rework is scheduled by quality, who report on the nonconformance behind it',
        },
      },
    },
    transactions: {
      Accrual: {
        account: {
          'corporate-card': 'corporate-card spend is accrued from the card statement at month end, in one line',
        },
      },
      'Follow-up': {
        account: {
          'bank-transfer': 'bank transfers are raised against an approved invoice, which already carries the paperwork',
          'petty-cash': 'petty cash is counted and reconciled by the office manager each Friday, receipts and all',
        },
        category: {
          software: 'software is paid on the annual contracts procurement already approved',
          training: 'training is booked through the L&D budget, whose owner approves it up front',
        },
      },
    },
    nonconformances: {
      'Ageing review': {
        severity: {
          observation: 'an observation asks for no corrective action, so an old one has nothing left to chase',
        },
      },
      'Supplier claim': {
        supplier: {
          'in-house': 'an in-house defect has no supplier to claim from; it goes to our own corrective action',
        },
      },
    },
    pull_requests: {
      'Changes requested': {
        repo: {
          'data-pipeline': [
            'data-pipeline checks run in the data team’s own CI, whose on-call picks up failures',
            'the data team’s on-call owns data-pipeline CI failures and gets them fixed',
          ],
        },
      },
      'Stale branches': {
        repo: { 'mobile-app': 'mobile-app branches are cut per release train, and its captain closes them' },
      },
      'Reviewer assignment': {
        repo: {
          'mobile-app': 'mobile-app changes ship on the fortnightly release train, whose captain reviews them',
          'data-pipeline': 'the data team assigns data-pipeline reviews on its own rota',
        },
      },
    },
    submissions: {
      Extension: {
        assessment_type: { presentation: 'a presentation is given live on the day, so it cannot be handed in late' },
      },
      'Late penalty': {
        assessment_type: { presentation: 'a presentation is given in its booked slot, so there is no late hand-in' },
      },
      Marking: {
        assessment_type: {
          presentation: 'a presentation is marked live on the day, so there is no script to mark',
          portfolio: 'portfolios go to the external examiner, who assesses them at the final exam board',
        },
      },
    },
    aircraft_inspections: {
      Planning: {
        aircraft_type: {
          'B787-9': 'the 787s are maintained under the manufacturer’s support contract, which plans their checks',
          'ATR 72-600': 'the ATRs are wet-leased, and the lessor’s engineers plan their checks',
        },
      },
      'Heavy check': {
        aircraft_type: {
          'B787-9': 'the 787s’ heavy checks are done at the manufacturer’s facility under the support contract',
          'ATR 72-600': 'the ATRs go back to the lessor for heavy checks, under the wet lease',
        },
      },
    },
    products: {
      Restock: {
        location: { 'Returns cage': 'stock in the returns cage is not sellable until it has been inspected' },
      },
      'Stock count': {
        location: { 'Overflow site': 'the overflow site is run by the logistics partner, who counts and reports it' },
      },
    },
    // (a reason says who does the work for that crop, never that the crop takes no water: a section of the same
    // policy may water it for another purpose, review 56)
    field_plots: {
      Spraying: {
        crop: {
          'sugar beet': 'the beet is grown on contract, and the processor’s agronomist sets its spray programme',
          maize: 'the maize is for the anaerobic digester, whose operator sprays it',
        },
      },
      Irrigation: {
        crop: {
          maize: 'the maize is for the anaerobic digester, whose operator waters it',
          'sugar beet': 'the beet’s watering is booked through the processor’s agronomy service, under its contract',
        },
      },
      'Probe maintenance': {
        crop: {
          maize: 'the maize plots carry the digester operator’s own probes, which their contractor services',
          'sugar beet':
            'the beet plots’ probes belong to the processor’s agronomy service, which changes their batteries',
        },
      },
      'Irrigation fault': {
        crop: { maize: 'the maize is watered by the digester operator’s rig, which their own fitter repairs' },
      },
      'Pre-spray watering': {
        crop: {
          maize: 'the maize is for the anaerobic digester, whose operator waters and sprays it',
          'sugar beet': 'the processor’s agronomist sets the beet’s spray dates and any watering ahead of them',
        },
      },
      'Failsafe watering': {
        crop: {
          'sugar beet': 'a beet plot’s failed probe is the processor’s agronomy service’s to cover, under its contract',
        },
      },
    },
    // (a vaccination clinic is the nurse's to confirm, and a phone call has no journey to confirm: neither is reception's call)
    appointments: {
      'Repeat non-attendance': {
        kind: {
          vaccination:
            'vaccination clinics are confirmed by the practice nurse, who rings round her own list the day before',
          telephone:
            'a telephone appointment is the clinician ringing the patient: there is no journey to confirm, and a missed call costs no room',
        },
      },
    },
    // (a bill that stops when unpaid costs nothing more when late: it is left to lapse or cancelled)
    household_bills: {
      Arrears: {
        category: {
          gym: 'the gym membership simply lapses when unpaid, which is what the flat agreed to',
          streaming: 'a streaming plan stops when unpaid and costs nothing to restart',
        },
      },
    },
    legal_holds: {
      'Release review': {
        department: { Executive: 'holds on executive custodians are released by the general counsel personally' },
      },
    },
    migrations: {
      'DBA review': {
        database: {
          'analytics-warehouse':
            'the analytics warehouse is the data team’s, who run its changes through their own review',
        },
      },
      Approval: {
        database: {
          'analytics-warehouse': [
            'analytics-warehouse changes are approved by the data team, in their own review',
            'the data team signs off analytics-warehouse changes itself, against its own checklist',
          ],
        },
      },
      Scheduling: {
        change_kind: {
          // (a reason stating a fact of the record is drawn into it: an index's lock seconds, LOCK_SECONDS)
          'add index':
            'an index is built concurrently, which locks its table for a moment at most, so it needs no window or announcement',
          'create table': 'a new table touches no existing data, so it goes out with the next release',
        },
      },
    },
    ...PLACES_SPARED,
    ...STUDIO_SPARED,
  },
  withMoreSpared(OPS_SPARED, VARIETY_SPARED),
);
