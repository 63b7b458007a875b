// A node:test reporter for scripts/test.mjs, written as JSON when the run ends: each test file's time (the sum of
// its top-level tests, in ms) so that the next run starts the slowest files first, and the run's totals.
export default async function* testTimings(source) {
  const files = {};
  const totals = {};
  for await (const event of source) {
    const { file, nesting, details, message } = event.data ?? {};
    if ((event.type === 'test:pass' || event.type === 'test:fail') && file && nesting === 0)
      files[file] = (files[file] ?? 0) + (details?.duration_ms ?? 0);
    // the run's closing diagnostics: "tests 1816", "pass 1816", "fail 0", …
    const m = event.type === 'test:diagnostic' && nesting === 0 && /^(\w+) ([\d.]+)$/.exec(message);
    if (m) totals[m[1]] = Number(m[2]);
  }
  yield JSON.stringify({ files, totals });
}
