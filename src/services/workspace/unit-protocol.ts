// The messages between the server and an isolation unit (unit.ts ⇄ unit-child.ts): structured clone over the
// IPC channel, so strings and bytes cross without JSON.
import type { DocRead, StoredFile } from './formats/index.js';
import type { ParseLimits } from './formats/budget.js';
import type { VirtualJob, VirtualReply } from './virtual-exec.js';

/** A job for a unit: a just-bash command, or one document to parse. */
export type UnitJob =
  | { kind: 'shell'; job: VirtualJob }
  | {
      kind: 'read';
      file: StoredFile;
      /** answer with the readable text only (fs_read), not the parsed document */
      text: boolean;
      limits?: Partial<ParseLimits>;
    };

/** A text-only read: the readable text, or why the file cannot be read. */
export type TextRead = { text: string; error?: undefined } | Extract<DocRead, { error: string }>;

/** A unit's answer; `cpuS` is the CPU time it has used in all, so the pool can retire it before its limit. */
export type UnitReply =
  | { kind: 'shell'; reply: VirtualReply; cpuS: number }
  | { kind: 'read'; read: DocRead | TextRead; cpuS: number };
