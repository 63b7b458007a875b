import type { ImageOp } from '../../schema/media.js';
import type { ActionContext, ActionPart } from './parts.js';
import { scanPath, turnOf } from './sources/receipt-scans.js';
import type { SourceName } from './sources/index.js';

// work on the media a record is: a receipt scan turned the right way up and shrunk for the expense tool. The
// audit shows that a file was written; media_matches shows it is the scan, turned the way the picture needs (the
// agent sees which way each scan lies) and at the asked width.

/** The width the expense tool takes. */
const UPLOAD_WIDTH = 300;

const uploadPath = (x: ActionContext) => `expenses/upload/${x.rec.scan_id}.png`;
// the turn that undoes the scanner's, then the tool's width
const uprightOps = (x: ActionContext): ImageOp[] => {
  const t = turnOf(x.rec);
  return [
    ...(t ? [{ op: 'rotate' as const, degrees: (360 - t) as 90 | 180 | 270 }] : []),
    { op: 'resize' as const, width: UPLOAD_WIDTH },
  ];
};

export const uploadScan: ActionPart<SourceName> = {
  name: 'upload_scan',
  sections: ['Reimbursement', 'Expense filing'],
  service: 'workspace',
  tool: 'image_edit',
  sources: ['receipt_scans'],
  capabilities: ['Multimedia_Processing', 'File_Management'],
  phrases: [
    `put each one the right way up, ${UPLOAD_WIDTH} pixels wide, into expenses/upload/ as a PNG named by its scan number`,
    `make an upright ${UPLOAD_WIDTH}-pixel-wide PNG of each for the expense tool, saved as expenses/upload/<scan number>.png`,
    `turn each scan upright, shrink it to ${UPLOAD_WIDTH} px wide and save it in expenses/upload/ under its scan number (.png)`,
  ],
  args: (x) => ({ path: scanPath(x.rec), ops: uprightOps(x), out: uploadPath(x) }),
  proof: (x) => ({ service: 'workspace', record: 'writes', where: { path: uploadPath(x) } }),
  made: (x) => [
    {
      kind: 'media_matches',
      path: uploadPath(x),
      format: 'png',
      width: UPLOAD_WIDTH,
      same_as: { path: scanPath(x.rec), ops: uprightOps(x) },
    },
  ],
};
