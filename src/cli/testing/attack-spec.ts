import { hostileFiles } from '../../services/workspace/formats/testing.js';

// A task whose reference solution is an attack (issue #29): it writes and reads a hostile workbook and runs a
// shell command whose allocations once aborted the whole process, then finishes the work. `run`, `mcp` and the
// queue worker must record each attack as a failed tool call and carry on.

/** The shell command that aborted serve/run/worker (SIGABRT) before shell commands ran in child processes. */
export const ABORTING_COMMAND =
  's=$(printf "%060000000d" 0); a=${s/0/1}; b=${s/0/2}; c=${s/0/3}; d=${s/0/4}; e=${s/0/5}';

/** The hostile workbook the attack writes (one far cell: a billion-cell grid for the old reader). */
export const HOSTILE = hostileFiles().find((h) => h.name === 'xlsx-far-cell') as ReturnType<
  typeof hostileFiles
>[number];

/** The attack's steps, as reference calls (`shell` gets `timeout_seconds`, so a test does not wait for the unit to die of memory). */
export const attackSteps = (timeoutS: number) => [
  {
    call: 'fs_write',
    args: { path: HOSTILE.path, content: Buffer.from(HOSTILE.bytes).toString('base64'), encoding: 'base64' },
  },
  { call: 'fs_read', args: { path: HOSTILE.path } },
  { call: 'shell', args: { command: ABORTING_COMMAND, timeout_seconds: timeoutS } },
];

/** A raw TaskSpec (JSON) with the attack in its reference, then the real work. */
export function attackSpec(id = 'hostile_agent', timeoutS = 2): Record<string, unknown> {
  return {
    spec_version: 1,
    id,
    title: 'Summarise a note after hostile tool calls',
    family: 'test',
    labels: { capabilities: ['Tool_Calling'], scenario: 'Office_Productivity/Email', difficulty: 'easy' },
    mock_today: '2026-03-10T09:00:00Z',
    request: 'Copy the line in notes.txt into out/summary.txt.',
    services: ['workspace'],
    fixtures: { workspace: { files: { 'notes.txt': 'Q1 revenue grew 12%.' } } },
    checks: [
      { id: 'read', kind: 'tool_called', tool: 'fs_read', weight: 0.2 },
      { id: 'written', kind: 'file_exists', path: 'out/summary.txt', weight: 0.3 },
      { id: 'content', kind: 'file_matches', path: 'out/summary.txt', regex: 'grew 12%', weight: 0.5 },
    ],
    reference: [
      ...attackSteps(timeoutS),
      { call: 'fs_read', args: { path: 'notes.txt' } },
      { call: 'shell', args: { command: 'mkdir -p out && cat notes.txt > out/summary.txt' } },
      { say: 'Copied the note to out/summary.txt.' },
    ],
  };
}
