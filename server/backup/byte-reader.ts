import { TruncatedBackupError } from './errors.ts';

/** Reads exact lengths from a stream of buffers, holding only what has not been read yet. */
export class ByteReader {
  readonly #source: AsyncIterator<Uint8Array>;
  #chunks: Buffer[] = [];
  #length = 0;
  #ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  async #fill(n: number) {
    while (this.#length < n && !this.#ended) {
      const next = await this.#source.next();
      if (next.done) {
        this.#ended = true;
        break;
      }
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      if (chunk.length) {
        this.#chunks.push(chunk);
        this.#length += chunk.length;
      }
    }
  }

  /** True when nothing is left to read. */
  async atEnd(): Promise<boolean> {
    await this.#fill(1);
    return this.#length === 0;
  }

  /** Exactly `n` bytes; the stream ending before them means the file was cut short. */
  async read(n: number): Promise<Buffer> {
    await this.#fill(n);
    if (this.#length < n) throw new TruncatedBackupError();
    const first = this.#chunks[0];
    let out: Buffer;
    if (first && first.length >= n) {
      out = first.subarray(0, n);
      if (first.length === n) this.#chunks.shift();
      else this.#chunks[0] = first.subarray(n);
    } else {
      out = Buffer.allocUnsafe(n);
      let at = 0;
      while (at < n) {
        const chunk = this.#chunks[0]!;
        const take = Math.min(chunk.length, n - at);
        chunk.copy(out, at, 0, take);
        at += take;
        if (take === chunk.length) this.#chunks.shift();
        else this.#chunks[0] = chunk.subarray(take);
      }
    }
    this.#length -= n;
    return out;
  }
}
