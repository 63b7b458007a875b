import { ids } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import { slug } from '../kit/text.js';
import { cycle } from './source-kit.js';
import type { JoinPart, Rec } from './types.js';

// joins: follow a foreign key to another service's record; the join decides who the owner is.

export const ticketCustomer: JoinPart = {
  name: 'ticket_customer',
  service: 'crm',
  from: ['tickets'],
  phrase: "the customer's account manager (see the CRM)",
  attach(records, w) {
    const cids = ids(w.rng, 'CUS-', records.length, 3);
    const owner = new Map<string, Person>();
    const customers = records.map((r, i) => {
      const m = w.staff[(i + 3) % w.staff.length] as Person;
      r.customer_id = cids[i];
      owner.set(String(r.ticket_id), m);
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
  get: (r) => ({ call: 'crm_get_customer', args: { customer_id: r.customer_id } }),
};

export const directory: JoinPart = {
  name: 'directory',
  service: 'contacts',
  from: ['tickets', 'customers', 'jobs', 'integrations', 'sheet_rows'],
  phrase: 'the responsible colleague (their address is in the company directory)',
  attach(records, w) {
    const owner = new Map<string, Person>();
    const people = new Map<string, Person>();
    for (const [i, r] of records.entries()) {
      const p = w.staff[(i + 2) % w.staff.length] as Person;
      owner.set(idOf(r), p);
      people.set(p.email, p);
      // the record names the person; only the directory knows the address
      for (const f of ['reporter', 'account_manager_email', 'created_by', 'owner']) if (f in r) r[f] = p.name;
      if ('account_manager' in r) r.account_manager = p.name;
    }
    const contacts = [...people.values()].map((p, i) => ({
      contact_id: `CT-${300 + i}`,
      name: p.name,
      email: p.email,
      department: 'Operations',
      title: 'Team lead',
    }));
    return { fixtures: { contacts: { contacts } }, owner };
  },
  get: (_r, owner) => ({ call: 'contacts_search', args: { query: owner?.name ?? '' } }),
};

export const vendorContact: JoinPart = {
  name: 'vendor_contact',
  service: 'finance',
  from: ['transactions'],
  phrase: "the vendor's billing contact (see the vendor record)",
  attach(records, w) {
    const vids = ids(w.rng, 'V-', records.length, 3);
    const owner = new Map<string, Person>();
    const vendors = records.map((r, i) => {
      const name = String(r.merchant);
      const first = ['Billing', 'Accounts', 'Finance'][i % 3] as string;
      const p = { name: `${name} ${first}`, first, email: `${first.toLowerCase()}@${slug(name)}.example` };
      r.vendor_id = vids[i];
      owner.set(String(r.transaction_id), p);
      return {
        vendor_id: vids[i],
        name,
        contact_email: p.email,
        status: 'active',
        bank_name: 'First Federal',
        bank_account: `ACC-${w.rng.int(100000, 999999)}`,
      };
    });
    return { fixtures: { finance: { vendors } }, owner };
  },
  get: (r) => ({ call: 'finance_get_vendor', args: { vendor_id: r.vendor_id } }),
};

function idOf(r: Rec): string {
  for (const k of ['ticket_id', 'customer_id', 'job_id', 'integration_id', 'order_id', 'transaction_id'])
    if (typeof r[k] === 'string') return r[k] as string;
  return '';
}
