import type { SftExample } from '../types.js';

export interface ExportFile {
  format: string;
  file: string;
  rows: number;
}

/** An open output: examples are written one at a time (streaming), then closed. */
export interface ExampleSink {
  write(example: SftExample): Promise<void>;
  close(): Promise<ExportFile[]>;
  /** releases the output without finishing it (after a failure); a no-op once closed */
  abort(): Promise<void>;
}

/** An export format; a new one is one file plus one line in exporters/index.ts. */
export interface Exporter {
  name: string;
  description: string;
  /** the files it writes in the dataset directory (a rerun without this format removes them) */
  files: readonly string[];
  open(dir: string): Promise<ExampleSink>;
}
