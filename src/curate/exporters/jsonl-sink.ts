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
    if (!this.#stream) {
      await mkdir(dirname(this.file), { recursive: true });
      this.#stream = createWriteStream(this.file, { flags: 'w' });
    }
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
    if (!this.#stream) {
      // an empty export is still a file
      await mkdir(dirname(this.file), { recursive: true });
      this.#stream = createWriteStream(this.file, { flags: 'w' });
    }
    const s = this.#stream;
    await new Promise<void>((resolve, reject) => s.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}
