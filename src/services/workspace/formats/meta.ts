import { esc, XML_HEAD } from './xml.js';

/** Document metadata fixed by the caller (the task's mock clock), so rendering is deterministic. */
export interface OoxmlMeta {
  /** ISO date-time used for the zip entries and the created/modified properties */
  modified: string;
  title?: string;
}

/** Default when a recipe names no date: the zip format's epoch, 1980-01-01. */
export const EPOCH = '1980-01-01T00:00:00Z';

const w3c = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;

export function coreXml(meta: OoxmlMeta): string {
  const d = w3c(meta.modified);
  return `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${meta.title ? `<dc:title>${esc(meta.title)}</dc:title>` : ''}<dc:creator>coworkenv</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${d}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${d}</dcterms:modified></cp:coreProperties>`;
}
