import type { WorkspaceBudget } from './limits.js';
import type { UnitJob, UnitReply } from './unit-protocol.js';

// An isolation unit's process (unit.ts starts it with OS limits): it answers one job at a time over IPC. A
// shell unit loads just-bash at start and prepares the next command's shell while idle; a reader unit loads
// only the document parsers. It exits when the server goes (the IPC channel closes), killed or not.
// argv: role ('shell' | 'reader'), then the workspace budget as JSON.

// nothing a job does may reach the server's stdout (the MCP stdio transport); stderr stays, as the server
// reads V8's fatal messages there to tell an out-of-memory death from a crash
for (const k of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[k] = () => {};
process.stdout.write = () => true;

const role = process.argv[2] === 'shell' ? 'shell' : 'reader';
const budget = JSON.parse(process.argv[3] ?? '{}') as WorkspaceBudget;
const send = (m: UnitReply | { kind: 'ready' }) => process.send?.(m);
const cpuS = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

const shell = role === 'shell' ? await import('./virtual-exec.js') : undefined;
let reader: typeof import('./formats/index.js') | undefined;

// the next command's shell is set up while the unit is idle, never while a command runs on the shared Bash
function prepare(b: WorkspaceBudget): void {
  try {
    shell?.prepareShell(b);
  } catch {
    // the next command builds its own shell and reports the error
  }
}

async function handle(job: UnitJob): Promise<UnitReply> {
  if (job.kind === 'shell') {
    if (!shell)
      return { kind: 'shell', reply: { kind: 'error', message: 'a reader unit runs no shell' }, cpuS: cpuS() };
    return { kind: 'shell', reply: await shell.execVirtual(job.job), cpuS: cpuS() };
  }
  reader ??= await import('./formats/index.js');
  try {
    const read = reader.parseDocument(job.file, new reader.ParseBudget(job.limits));
    if (!job.text || read.error !== undefined) return { kind: 'read', read, cpuS: cpuS() };
    return { kind: 'read', read: { text: reader.documentText(read.doc) }, cpuS: cpuS() };
  } catch (e) {
    return {
      kind: 'read',
      read: { error: `${job.file.path} cannot be read: ${message(e)}`, stop: 'crashed' },
      cpuS: cpuS(),
    };
  }
}

process.on('disconnect', () => process.exit(0));
process.on('message', (job: UnitJob) => {
  void handle(job).then(
    (reply) => {
      send(reply);
      if (job.kind === 'shell') setImmediate(() => prepare(job.job.budget));
    },
    (e: unknown) => send({ kind: 'shell', reply: { kind: 'error', message: message(e) }, cpuS: cpuS() }),
  );
});

prepare(budget);
send({ kind: 'ready' });
