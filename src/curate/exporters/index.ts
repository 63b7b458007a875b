import { CoworkError } from '../../schema/errors.js';
import { parquetExporter } from './parquet.js';
import { shareGptExporter } from './sharegpt.js';
import { trlExporter } from './trl.js';
import { visionExporter } from './vision.js';
import type { Exporter } from './types.js';

/** Export formats; a new one is one file plus one line here. */
export const EXPORTERS: readonly Exporter[] = [trlExporter, parquetExporter, shareGptExporter, visionExporter];

export function getExporters(names: readonly string[]): Exporter[] {
  return names.map((n) => {
    const e = EXPORTERS.find((x) => x.name === n);
    if (!e)
      throw new CoworkError(
        'bad_input',
        `unknown export format "${n}"; formats: ${EXPORTERS.map((x) => x.name).join(', ')}`,
      );
    return e;
  });
}
