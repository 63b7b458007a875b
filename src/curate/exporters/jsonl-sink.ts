import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** An append stream that respects backpressure, for streaming exporters. */
export class LineWriter {
  readonly file: string;
  #stream: WriteStream | undefined;
  rows = 0;

  constructor(file: string) {
    this.file = file;
  }

  async write(line: string): Promise<void> {
    this.#stream ??= await open(this.file);
    this.rows++;
    if (!this.#stream.write(line)) await new Promise<void>((resolve) => this.#stream?.once('drain', resolve));
  }

  /** Drops the stream without finishing it (after a failure); a no-op once closed. */
  async abort(): Promise<void> {
    const s = this.#stream;
    if (!s || s.closed) return;
    // wait for 'close': a file still being opened would otherwise appear after the caller removed it
    const closed = new Promise<void>((resolve) => s.once('close', () => resolve()));
    s.destroy();
    await closed;
  }

  async close(): Promise<void> {
    // an empty export is still a file
    const s = (this.#stream ??= await open(this.file));
    await new Promise<void>((resolve, reject) => s.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}

// rows are ~10 KB: a 256 KB buffer waits for 'drain' once per ~25 rows, not at nearly every row
async function open(file: string): Promise<WriteStream> {
  await mkdir(dirname(file), { recursive: true });
  return createWriteStream(file, { flags: 'w', highWaterMark: 1 << 18 });
}
