// What one document read may cost. An agent writes the bytes, so a tiny file must not buy minutes of CPU or
// gigabytes of memory: every reader counts its work against one budget and stops with a ParseLimitError.

/** The limits of one document read (docs/security.md lists them). */
export interface ParseLimits {
  /** bytes decompressed from ZIP entries and PDF streams, all together */
  inflatedBytes: number;
  /** entries of a ZIP's central directory */
  zipEntries: number;
  /** XML elements and text nodes, all parts together */
  xmlNodes: number;
  /** nesting of XML elements, and of PDF arrays and dictionaries */
  depth: number;
  /** PDF objects (indirect and in object streams) */
  pdfObjects: number;
  /** tokens read from PDF content streams and maps, all together */
  pdfTokens: number;
  /** pages of a PDF, slides of a deck, sheets of a workbook */
  parts: number;
  /** cells of the dense grids of a workbook (rows × columns of every sheet) */
  cells: number;
  /** wall-clock milliseconds of the read */
  ms: number;
}

export const DEFAULT_PARSE_LIMITS: Readonly<ParseLimits> = Object.freeze({
  inflatedBytes: 128_000_000,
  zipEntries: 10_000,
  xmlNodes: 4_000_000,
  depth: 256,
  pdfObjects: 200_000,
  pdfTokens: 2_000_000,
  parts: 10_000,
  cells: 2_000_000,
  ms: 5_000,
});

/** A read stopped by one of its limits: the document is refused as `parse_limit`, never half-read. */
export class ParseLimitError extends Error {
  override readonly name = 'ParseLimitError';
  constructor(
    readonly limit: keyof ParseLimits,
    message: string,
  ) {
    super(message);
  }
}

// the clock is read once per this many units of work
const CLOCK_EVERY = 1 << 14;

/** The running account of one document read. */
export class ParseBudget {
  readonly limits: Readonly<ParseLimits>;
  #inflated = 0;
  #nodes = 0;
  #tokens = 0;
  #cells = 0;
  #tick = 0;
  readonly #deadline: number;

  constructor(limits: Partial<ParseLimits> = {}) {
    this.limits = { ...DEFAULT_PARSE_LIMITS, ...limits };
    this.#deadline = performance.now() + this.limits.ms;
  }

  /** Bytes that may still be decompressed. */
  get inflateRoom(): number {
    return this.limits.inflatedBytes - this.#inflated;
  }

  inflated(bytes: number): void {
    this.#inflated += bytes;
    if (this.#inflated > this.limits.inflatedBytes)
      throw new ParseLimitError(
        'inflatedBytes',
        `it decompresses to more than ${mb(this.limits.inflatedBytes)} (a compression bomb or a far too large document)`,
      );
  }

  nodes(n = 1): void {
    this.#nodes += n;
    if (this.#nodes > this.limits.xmlNodes)
      throw new ParseLimitError('xmlNodes', `it holds more than ${this.limits.xmlNodes} XML nodes`);
    this.#clock(n);
  }

  tokens(n = 1): void {
    this.#tokens += n;
    if (this.#tokens > this.limits.pdfTokens)
      throw new ParseLimitError('pdfTokens', `its content holds more than ${this.limits.pdfTokens} tokens`);
    this.#clock(n);
  }

  cells(n: number, where: string): void {
    this.#cells += n;
    if (this.#cells > this.limits.cells)
      throw new ParseLimitError(
        'cells',
        `${where} spans more than ${this.limits.cells} cells (rows × columns); the grid is too large to read`,
      );
  }

  count(limit: 'zipEntries' | 'pdfObjects' | 'parts', n: number, what: string): void {
    if (n > this.limits[limit])
      throw new ParseLimitError(limit, `it holds ${n} ${what}; at most ${this.limits[limit]} are read`);
  }

  depth(d: number): void {
    if (d > this.limits.depth)
      throw new ParseLimitError('depth', `it nests more than ${this.limits.depth} levels deep`);
  }

  /** Work that is neither nodes nor tokens (scanning, decoding loops): only the clock is checked. */
  work(n = 1): void {
    this.#clock(n);
  }

  #clock(n: number): void {
    this.#tick += n;
    if (this.#tick < CLOCK_EVERY) return;
    this.#tick = 0;
    if (performance.now() > this.#deadline)
      throw new ParseLimitError('ms', `reading it takes longer than ${this.limits.ms / 1000} s`);
  }
}

const mb = (n: number) => `${Math.round(n / 1_000_000)} MB`;
