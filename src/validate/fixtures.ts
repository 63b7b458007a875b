import { decodeWav, isWav } from '../services/workspace/formats/audio.js';
import { decodeRaster } from '../services/workspace/formats/raster.js';
import { fixturesOf } from '../env/prepared.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService } from '../services/registry.js';
import { bytesOf, formatOf, OFFICE_KINDS } from '../services/workspace/formats/index.js';
import { readIsolated } from '../services/workspace/read-isolated.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { normalPath } from '../grade/checks/file-util.js';
import { checkIntegrity } from './integrity.js';
import { checkTimeline } from './timeline.js';
import { err } from './types.js';

/**
 * Gate step 3: fixtures match the record schemas (unique ids) and every selected service has initial records,
 * unless the spec says it starts empty by listing its collections explicitly (`fixtures.todo.tasks: []`).
 */
export async function checkFixtures(spec: TaskSpec): Promise<Diagnostic[]> {
  const { diagnostics, state } = fixturesOf(spec);
  // integrity rules need records that parse; they would only repeat schema problems
  const out = diagnostics.length ? [...diagnostics] : [...checkIntegrity(spec), ...checkTimeline(spec)];
  // an office file a check reads must open: otherwise its checks could never decide (never a silent pass)
  const files = state?.workspace?.files ?? [];
  for (const [i, c] of spec.checks.entries()) {
    // a media check's same_as names the fixture the result is made from: it must be there and decode
    if (c.kind === 'media_matches' && c.same_as) {
      const src = files.find((x) => x.path === normalPath(c.same_as?.path ?? ''));
      const problem = src ? mediaProblem(src) : 'is not a fixture file';
      if (problem)
        out.push(
          err(
            'file_unreadable',
            `checks[${i}].same_as.path`,
            `${c.same_as.path} ${problem}; name a picture (PNG or JPEG) or WAV file of fixtures.workspace.files`,
            'builder',
          ),
        );
      continue;
    }
    if (c.kind !== 'file_matches' && c.kind !== 'file_unchanged') continue;
    const f = files.find((x) => x.path === normalPath(c.path));
    if (!f || !(OFFICE_KINDS as readonly string[]).includes(formatOf(String(f.path)))) continue;
    // an imported package's fixture is bytes someone else wrote: parsed in a reader unit
    const r = await readIsolated({ path: String(f.path), content: String(f.content), encoding: String(f.encoding) });
    if (r.error !== undefined)
      out.push(
        err(
          'file_unreadable',
          `checks[${i}].path`,
          `${r.error}; give the fixture as a recipe (xlsx: {sheets}, docx: {blocks}, pdf: {pages}, pptx: {slides}) or valid base64 of the file`,
          'builder',
        ),
      );
  }
  spec.services.forEach((name, i) => {
    const service = getService(name);
    if (!service) return;
    const rows = Object.keys(spec.fixtures[name] ?? {}).reduce<number>(
      (n, col) => n + fixtureRows(spec, name, col).length,
      0,
    );
    const explicitlyEmpty = Object.keys(spec.fixtures[name] ?? {}).length > 0;
    if (rows === 0 && !explicitlyEmpty) {
      const first = Object.keys(service.collections)[0];
      out.push(
        err(
          'fixture_missing',
          `services[${i}]`,
          `${name} has no initial records; add fixtures.${name}.${first} (or drop the service), or write fixtures.${name}.${first}: [] if the task starts with it empty`,
          'builder',
        ),
      );
    }
  });
  return out;
}

// why a fixture file cannot be the source of a media check (undefined: it decodes)
function mediaProblem(f: { path?: unknown; content?: unknown; encoding?: unknown }): string | undefined {
  const bytes = bytesOf({ path: String(f.path), content: String(f.content), encoding: String(f.encoding) });
  try {
    if (isWav(bytes)) decodeWav(bytes);
    else decodeRaster(bytes);
    return undefined;
  } catch (e) {
    return `cannot be read (${(e as Error).message})`;
  }
}
