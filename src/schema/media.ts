import { z } from 'zod';

// the edits of a picture (the workspace's image_edit tool) and the clauses a check on a media file may state:
// the schema layer holds them so a tool and a check share one definition.

const Px = z.number().int().min(0).max(16_384);
const Len = z.number().int().min(1).max(16_384);
/** A colour as #rrggbb. */
export const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #ff0000');

/** One edit of a picture. */
export const ImageOp = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('crop'), x: Px, y: Px, width: Len, height: Len }),
  z
    .strictObject({ op: z.literal('resize'), width: Len.optional(), height: Len.optional() })
    .refine((o) => o.width !== undefined || o.height !== undefined, 'give width, height or both'),
  z.strictObject({ op: z.literal('rotate'), degrees: z.union([z.literal(90), z.literal(180), z.literal(270)]) }),
  z.strictObject({ op: z.literal('flip'), axis: z.enum(['horizontal', 'vertical']) }),
  z.strictObject({ op: z.literal('grayscale') }),
  z.strictObject({
    op: z.literal('annotate'),
    x: Px,
    y: Px,
    width: Len,
    height: Len,
    color: Hex.default('#ff0000'),
    thickness: z.number().int().min(1).max(50).default(3),
  }),
]);
export type ImageOp = z.output<typeof ImageOp>;

/** A span of audio in seconds (either end open). */
export const Span = z.strictObject({
  start: z.number().min(0).max(3600).optional(),
  end: z.number().min(0).max(3600).optional(),
});

/** A pixel region. */
export const Region = z.strictObject({ x: Px, y: Px, width: Len, height: Len });
