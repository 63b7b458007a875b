import { createHash } from 'node:crypto';
import { ATTACHED, type ImageAttachment } from '../services/types.js';

// pictures travel beside a tool's text result, by content hash: trajectories, audits and caches keep the hash
// (and size), never the bytes; the agent adapters and servers fetch the bytes here when they show the picture.

/** A picture attached to a tool result, as a trajectory records it. */
export interface ImageRef {
  sha256: string;
  mime: string;
  width?: number;
  height?: number;
}

const store = new Map<string, { mime: string; data: string; size: number }>();
let held = 0;
const MAX_HELD = 64 * 1024 * 1024;

/** Keeps a picture (most recent 64 MB of them) and returns its reference. */
export function putImage(a: ImageAttachment): ImageRef {
  const sha256 = createHash('sha256').update(a.bytes).digest('hex');
  const old = store.get(sha256);
  if (old) {
    // most recently used last, so eviction takes the oldest
    store.delete(sha256);
    store.set(sha256, old);
  } else {
    const data = Buffer.from(a.bytes.buffer, a.bytes.byteOffset, a.bytes.byteLength).toString('base64');
    store.set(sha256, { mime: a.mime, data, size: data.length });
    held += data.length;
    while (held > MAX_HELD && store.size > 1) {
      const [k, v] = store.entries().next().value as [string, { size: number }];
      store.delete(k);
      held -= v.size;
    }
  }
  return {
    sha256,
    mime: a.mime,
    ...(a.width !== undefined ? { width: a.width } : {}),
    ...(a.height !== undefined ? { height: a.height } : {}),
  };
}

/** A kept picture as base64, or undefined once it was evicted (callers then describe it in text). */
export function imageData(ref: Pick<ImageRef, 'sha256'>): { mime: string; data: string } | undefined {
  const v = store.get(ref.sha256);
  return v ? { mime: v.mime, data: v.data } : undefined;
}

/** The text an agent without vision (or a text-only channel) gets in place of a picture. */
export function imageNote(ref: ImageRef): string {
  const size = ref.width && ref.height ? ` ${ref.width}×${ref.height}` : '';
  return `[image${size} ${ref.mime} sha256:${ref.sha256.slice(0, 12)}: not shown, this agent has no vision]`;
}

/** Takes the attachments off a tool's result object (they never reach the audit) and keeps them. */
export function takeAttachments(result: unknown): ImageRef[] | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const att = (result as { [ATTACHED]?: ImageAttachment[] })[ATTACHED];
  if (!att?.length) return undefined;
  delete (result as { [ATTACHED]?: unknown })[ATTACHED];
  return att.map(putImage);
}

/** MCP `ImageContent` items of pictures (an evicted one becomes a text item with its note). */
export function mcpImageContent(
  refs: readonly ImageRef[] | undefined,
): ({ type: 'image'; data: string; mimeType: string } | { type: 'text'; text: string })[] {
  return (refs ?? []).map((ref) => {
    const d = imageData(ref);
    return d ? { type: 'image', data: d.data, mimeType: d.mime } : { type: 'text', text: imageNote(ref) };
  });
}
