import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import { slug } from '../kit/text.js';
import { ownerJobs, type TeamJob } from './owner-teams.js';
import type { JoinPart } from './parts.js';
import { colleague, cycle } from './sources/kit.js';
import type { SourceName } from './sources/index.js';
import { vendorBank } from './vendor-banks.js';

// joins: follow a foreign key to another service's record; the join decides who the owner is.

export const ticketCustomer: JoinPart<SourceName> = {
  name: 'ticket_customer',
  service: 'crm',
  from: ['tickets'],
  capabilities: ['Knowledge_Retrieval'],
  phrase: "the customer's account manager (see the CRM)",
  attach(records, src, w) {
    const cids = ids(w.rng, 'CUS-', records.length, 3);
    const owner = new Map<string, Person>();
    const customers = records.map((rec, i) => {
      // (owners as every source draws them, sources/kit.ts colleague: the colleagues a request may introduce in a
      // part of their own hold no account)
      const m = colleague(w, i + 1);
      rec.customer_id = cids[i];
      owner.set(String(rec[src.idField]), m);
      return {
        customer_id: cids[i],
        name: cycle(w.vocab.companies, i),
        tier: 'enterprise',
        status: 'active',
        account_manager: m.name,
        account_manager_email: m.email,
      };
    });
    return { fixtures: { crm: { customers } }, owner };
  },
  get: (rec) => ({ call: 'crm_get_customer', args: { customer_id: rec.customer_id } }),
};

export const directory: JoinPart<SourceName> = {
  name: 'directory',
  service: 'contacts',
  from: ['tickets', 'customers', 'jobs', 'integrations', 'sheet_rows'],
  capabilities: ['Knowledge_Retrieval'],
  phrase: 'the responsible colleague (their address is in the company directory)',
  attach(records, src, w) {
    const owner = new Map<string, Person>();
    const people = new Map<string, Person>();
    for (const [i, rec] of records.entries()) {
      // (the colleagues a request may introduce by a part of their own, "our credit controller Tomas", are not listed
      // under an owner's job: owners are drawn as every source draws them, sources/kit.ts colleague)
      const p = colleague(w, i);
      owner.set(String(rec[src.idField]), p);
      people.set(p.email, p);
      // the record names the person; only the directory knows the address (an address field is left empty,
      // never filled with the name)
      for (const f of src.ownerFields ?? []) {
        if (/email/.test(f)) delete rec[f];
        else rec[f] = p.name;
      }
    }
    // a directory lists each person's own team and job, not one title for everyone, from the teams that own
    // these records (owner-teams.ts)
    const jobs = shuffle(w.rng, ownerJobs(src.name));
    const contacts = [...people.values()].map((p, i) => {
      const [department, title] = jobs[i % jobs.length] as TeamJob;
      return { contact_id: `CT-${300 + i}`, name: p.name, email: p.email, department, title };
    });
    return { fixtures: { contacts: { contacts } }, owner };
  },
  get: (_rec, owner) => ({ call: 'contacts_search', args: { query: owner?.name ?? '' } }),
};

export const vendorContact: JoinPart<SourceName> = {
  name: 'vendor_contact',
  service: 'finance',
  from: ['transactions'],
  capabilities: ['Knowledge_Retrieval'],
  phrase: "the vendor's billing contact (see the vendor record)",
  attach(records, src, w) {
    const vids = ids(w.rng, 'V-', records.length, 3);
    const owner = new Map<string, Person>();
    const vendors = records.map((rec, i) => {
      const name = String(rec.merchant);
      const first = ['Billing', 'Accounts', 'Finance'][i % 3] as string;
      const p = { name: `${name} ${first}`, first, email: `${first.toLowerCase()}@${slug(name)}.example` };
      rec.vendor_id = vids[i];
      owner.set(String(rec[src.idField]), p);
      return {
        vendor_id: vids[i],
        name,
        contact_email: p.email,
        status: 'active',
        bank_name: vendorBank(w.rng, name, rec.currency),
        bank_account: `ACC-${w.rng.int(100000, 999999)}`,
      };
    });
    return { fixtures: { finance: { vendors } }, owner };
  },
  get: (rec) => ({ call: 'finance_get_vendor', args: { vendor_id: rec.vendor_id } }),
};
