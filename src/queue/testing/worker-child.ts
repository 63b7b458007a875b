// a worker in its own process for the kill -9 test: it announces the first job it takes on stdout and then
// sleeps, so the test can kill it in the middle of that job
import { redisConnection } from '../connection.js';
import { startWorker } from '../worker.js';

const [url, lockMs] = process.argv.slice(2);
let first = true;
startWorker(redisConnection(url ?? ''), {
  lockMs: Number(lockMs ?? 1000),
  stalledIntervalMs: 300,
  async beforeJob(_kind, job) {
    if (!first) return;
    first = false;
    process.stdout.write(`busy ${job.id}\n`);
    await new Promise((r) => setTimeout(r, 60_000));
  },
});
process.stdout.write('ready\n');
