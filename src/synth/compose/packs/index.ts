import type { ActionPart } from '../parts.js';
import * as healthcare from './healthcare.js';

// the domain packs: each file is one scenario domain's record types (sources, listed in sources/index.ts for
// the SourceName union) and the work done on them (actions); a new pack is one file plus its lines here and
// there.

/** The per-record actions of every pack. */
export const PACK_ACTIONS: readonly ActionPart<string>[] = [...healthcare.actions];
