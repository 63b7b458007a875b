import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { isError } from '../schema/diagnostics.js';
import { runGate, staticDiagnostics } from './index.js';
import { checkSpecValue } from '../schema/parse-spec.js';

type Raw = Record<string, any>;
const load = (f: string): Raw => parseYaml(readFileSync(f, 'utf8'));
const codes = async (raw: Raw, through = 6) =>
  (await runGate({ raw }, { through })).diagnostics.filter(isError).map((d) => d.code);

// a calendar task with a simulated user: the user asks for a slot, the check wants that slot
const CAL: Raw = {
  spec_version: 1,
  id: 'cal_user',
  title: 'Book a sync the user asks for',
  family: 'dialogue',
  labels: {
    capabilities: ['Tool_Calling', 'Calendar_Scheduling'],
    scenario: 'Office_Productivity/Calendar/Scheduling',
    difficulty: 'easy',
  },
  mock_today: '2026-03-01T09:00:00Z',
  request: 'Please set up a project sync with Mike Li tomorrow; ask me for the time.',
  services: ['calendar'],
  fixtures: {
    calendar: {
      events: [
        {
          event_id: 'evt_001',
          title: 'Lunch',
          start_time: '2026-03-02T12:00:00Z',
          end_time: '2026-03-02T13:00:00Z',
          attendees: [],
        },
        {
          event_id: 'evt_002',
          title: 'Standup',
          start_time: '2026-02-27T09:00:00Z',
          end_time: '2026-02-27T09:30:00Z',
          attendees: ['Mike Li'],
        },
      ],
    },
  },
  checks: [
    { id: 'listed', kind: 'tool_called', tool: 'calendar_list_events', weight: 0.1 },
    { id: 'asked', kind: 'asked_user', weight: 0.2 },
    {
      id: 'booked',
      kind: 'audit_present',
      service: 'calendar',
      record: 'created_events',
      where: { start_time: '2026-03-02T14:30:00Z', attendees: { contains: 'Mike Li' } },
      weight: 0.7,
    },
  ],
  user: {
    persona: 'a team lead',
    goal: 'a project sync with Mike at 14:30 UTC tomorrow, after my lunch on Monday 2 March',
    knowledge: ['Mike is free after 14:00'],
    boundary: 'does not pick another time',
    signals: [],
  },
  reference: [
    { ask: 'What time should the sync start?' },
    { call: 'calendar_list_events', args: { date: '2026-03-02' } },
    {
      call: 'calendar_create_event',
      args: {
        title: 'Project sync',
        start_time: '2026-03-02T14:30:00Z',
        end_time: '2026-03-02T15:00:00Z',
        attendees: ['Mike Li'],
      },
    },
    { say: 'Booked the project sync with Mike Li on 2 March, 14:30–15:00 UTC.' },
  ],
};
const cal = (edit: (r: Raw) => void): Raw => {
  const r = structuredClone(CAL);
  edit(r);
  return r;
};

describe('gate: values compared as people write them (no false alarms)', () => {
  it('the calendar base and the example tasks pass the static steps', async () => {
    assert.deepEqual(await codes(CAL), []);
  });
  it('a request saying "in progress" founds a check wanting status in_progress', async () => {
    const r = load('examples/tasks/api_key_rotation.yaml');
    r.request += ' Also set its status to in progress.';
    r.checks[5].weight -= 0.1;
    r.checks.push({
      id: 'in_progress',
      kind: 'state_equals',
      service: 'helpdesk',
      collection: 'tickets',
      record_id: 'TK-5521',
      field: 'status',
      value: 'in_progress',
      weight: 0.1,
    });
    assert.deepEqual(await codes(r), []);
    r.request = r.request.replace(' Also set its status to in progress.', '');
    assert.ok((await codes(r)).includes('check_value_unfounded'));
  });
  it('an answer id written with a space instead of a hyphen still leaks', async () => {
    const r = load('examples/tasks/api_key_rotation.yaml');
    r.request += ' It is ticket TK 5521.';
    assert.ok((await codes(r)).includes('answer_leak'));
  });
});

describe('gate: release-quality findings are warnings outside validate', () => {
  it('staticDiagnostics downgrades them unless strict; structural errors stay errors', async () => {
    const r = load('examples/tasks/api_key_rotation.yaml');
    r.request += ' It is ticket TK-5521.';
    const spec = checkSpecValue(r).spec as NonNullable<ReturnType<typeof checkSpecValue>['spec']>;
    assert.ok((await staticDiagnostics(spec, { strict: true })).some((d) => d.code === 'answer_leak' && isError(d)));
    const lax = await staticDiagnostics(spec);
    assert.ok(lax.some((d) => d.code === 'answer_leak' && !isError(d) && /release-quality/.test(d.message)));
    spec.checks[0] = { ...spec.checks[0], weight: 0.5 } as (typeof spec.checks)[number];
    assert.ok((await staticDiagnostics(spec)).some((d) => d.code === 'weights_sum' && isError(d)));
  });
});

describe('gate: prohibitions written as weighted checks (prohibition_weighted)', () => {
  const variants: [string, string, (r: Raw) => void][] = [
    [
      'support_escalation',
      'examples/tasks/support_escalation.yaml',
      (r) => {
        r.checks[4].weight -= 0.1;
        r.checks.push({ id: 'no_close', kind: 'audit_absent', service: 'helpdesk', record: 'closed', weight: 0.1 });
      },
    ],
    [
      'api_key_rotation',
      'examples/tasks/api_key_rotation.yaml',
      (r) => {
        r.checks[5].weight -= 0.15;
        r.checks.push({
          id: 'no_export',
          kind: 'audit_absent',
          service: 'crm',
          record: 'exported_reports',
          weight: 0.15,
        });
      },
    ],
    [
      'config_fix_shell',
      'examples/tasks/files/config_fix_shell.yaml',
      (r) => {
        r.checks[0].weight -= 0.2;
        r.checks.push({ id: 'script_untouched', kind: 'file_unchanged', path: 'scripts/healthcheck.sh', weight: 0.2 });
      },
    ],
  ];
  for (const [name, file, edit] of variants)
    it(`rejects ${name} with a weighted prohibition; the original passes`, async () => {
      const r = load(file);
      assert.ok(!(await codes(r)).includes('prohibition_weighted'));
      edit(r);
      assert.ok((await codes(r)).includes('prohibition_weighted'), name);
    });
  it('a count of at most 0 with weight is a prohibition too', async () => {
    const r = load('examples/tasks/api_key_rotation.yaml');
    r.checks[5].weight -= 0.1;
    r.checks.push({
      id: 'no_export',
      kind: 'audit_count',
      service: 'crm',
      record: 'exported_reports',
      max: 0,
      weight: 0.1,
    });
    assert.ok((await codes(r)).includes('prohibition_weighted'));
  });
  it('an absence beside an action on the same list is not a prohibition', async () => {
    assert.deepEqual(await codes(load('examples/claw-eval/T008-todo-management.yaml')), []);
  });
});

describe('gate: work that lies in the past (action_in_past)', () => {
  const variants: [string, (r: Raw) => void][] = [
    ['the clock is after the slot', (r) => void (r.mock_today = '2026-03-03T09:00:00Z')],
    [
      'a slot before mock_today',
      (r) => {
        r.reference[2].args.start_time = '2026-02-28T14:30:00Z';
        r.reference[2].args.end_time = '2026-02-28T15:00:00Z';
        r.checks[2].where.start_time = '2026-02-28T14:30:00Z';
      },
    ],
    [
      'a past meeting deleted and booked again',
      (r) => {
        r.reference.splice(2, 0, { call: 'calendar_delete_event', args: { event_id: 'evt_002' } });
        r.reference[3].args.title = 'Standup';
      },
    ],
  ];
  for (const [name, edit] of variants)
    it(`rejects: ${name}`, async () => assert.ok((await codes(cal(edit), 3)).includes('action_in_past'), name));
  it('a due date after mock_today is fine', async () => assert.deepEqual(await codes(CAL, 3), []));
});

describe('gate: the user refers to a day no record has (user_ref_unmatched)', () => {
  const variants: [string, string][] = [
    ['no meeting that day', 'a project sync with Mike at 14:30 UTC tomorrow, right after the meeting on 5 March'],
    ['the weekday is wrong', 'a project sync with Mike at 14:30 UTC on Tuesday 2 March'],
    ['a Friday 14 March that is a Saturday', 'a project sync at 14:30 UTC, like the call on Friday 14 March'],
    ['the day before the noun', 'a project sync with Mike at 14:30 UTC tomorrow, to follow up the 5 March review'],
  ];
  for (const [name, goal] of variants)
    it(`rejects: ${name}`, async () =>
      assert.ok((await codes(cal((r) => void (r.user.goal = goal)))).includes('user_ref_unmatched'), name));
});

describe('gate: the user points to a file the task has no workspace for (user_file_no_workspace)', () => {
  const variants = [
    (r: Raw) => void r.user.knowledge.push('the agenda is in sync_agenda.docx'),
    (r: Raw) => void (r.user.goal += '; the numbers are in budget.xlsx'),
    (r: Raw) => void r.user.knowledge.push('the attendee list is in the attached file'),
    (r: Raw) => void r.user.knowledge.push('the agenda is in the spreadsheet I shared yesterday'),
    (r: Raw) => void r.user.knowledge.push('everything is in the shared folder'),
  ];
  variants.forEach((edit, i) =>
    it(`rejects variant ${i + 1}`, async () => assert.ok((await codes(cal(edit))).includes('user_file_no_workspace'))),
  );
});

describe('gate: the user states a time the checks do not want (user_contradicts_check)', () => {
  const variants: [string, (r: Raw) => void][] = [
    [
      '10:00 UTC asked, 14:30 checked',
      (r) => {
        r.user.goal = 'a project sync with Mike at 10:00 UTC tomorrow';
        r.user.knowledge = [];
      },
    ],
    [
      '3pm asked',
      (r) => {
        r.user.goal = 'a project sync with Mike at 3pm tomorrow';
        r.user.knowledge = [];
      },
    ],
    [
      'a range that excludes it',
      (r) => {
        r.user.goal = 'a project sync with Mike tomorrow';
        r.user.knowledge = ['please book it between 9:00 and 11:00'];
      },
    ],
  ];
  for (const [name, edit] of variants)
    it(`rejects: ${name}`, async () => assert.ok((await codes(cal(edit))).includes('user_contradicts_check'), name));
  it('a check written as a date-time pattern, or only the reference, still disagrees with the user', async () => {
    const regex = cal((r) => {
      r.user.goal = 'a project sync with Mike at 10:00 UTC tomorrow';
      r.user.knowledge = [];
      r.checks[2].where.start_time = { regex: '^2026-03-02T14:30' };
    });
    assert.ok((await codes(regex)).includes('user_contradicts_check'));
    const onlyReference = cal((r) => {
      r.user.goal = 'a project sync with Mike at 10:00 UTC tomorrow';
      r.user.knowledge = [];
      r.checks[2].where = { attendees: { contains: 'Mike Li' } };
    });
    assert.ok((await codes(onlyReference)).includes('user_contradicts_check'));
  });
  it('the end of the slot is not what "at 14:30" speaks of', async () =>
    assert.deepEqual(
      await codes(
        cal((r) => {
          r.user.knowledge = [];
          r.checks[2].where.end_time = '2026-03-02T15:00:00Z';
        }),
      ),
      [],
    ));
  it('a time mentioned, not asked for, is no contradiction', async () =>
    assert.deepEqual(
      await codes(cal((r) => void (r.user.knowledge = ['I have lunch at 12:00, and Mike is free after 14:00']))),
      [],
    ));
  it('a range that holds the checked time agrees', async () =>
    assert.deepEqual(
      await codes(cal((r) => void (r.user.goal = 'a project sync with Mike tomorrow between 14:00 and 16:00'))),
      [],
    ));
});

describe('gate: free credit (step 11)', () => {
  it('reads worth 0.4 of completion are rejected; the example as shipped is not', async () => {
    const r = load('examples/tasks/api_key_rotation.yaml');
    assert.ok(!(await codes(r, 11)).includes('free_credit'));
    r.checks.forEach((c: Raw, i: number) => (c.weight = [0.05, 0.1, 0.1, 0.05, 0.1, 0.2, 0.2, 0.2][i]));
    const found = (await runGate({ raw: r })).diagnostics.filter((d) => d.code === 'free_credit');
    assert.equal(found.length, 1);
    assert.ok(isError(found[0] as (typeof found)[number]));
    assert.match(found[0]?.message ?? '', /only reading earns 0\.4 of completion/);
  });
});
