/**
 * Bounded capture of one output stream of a child process: the first `cap`
 * bytes (what assertions read), the full byte count, and a rolling tail (what
 * the failure block shows: the last lines, even past the cap).
 */

/** Default cap of stdout and of stderr: 1 MiB each (`maxOutput` changes it). */
export const DEFAULT_MAX_OUTPUT = 1024 * 1024;
/** Bytes of the tail kept for the failure block. */
const TAIL_BYTES = 16 * 1024;
/** A line of the tail longer than this is cut (a minified blob must not flood the block). */
const TAIL_LINE_CHARS = 300;

/** One stream's capture. */
export class OutputCapture {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer = Buffer.alloc(0);
  /** Bytes the stream carried, cap or not. */
  total = 0;
  /** Newlines the stream carried, cap or not. */
  newlines = 0;
  private lastByte = -1;

  constructor(readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) this.newlines++;
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1]!;
    if (this.headBytes < this.cap) {
      const take = chunk.length <= this.cap - this.headBytes ? chunk : chunk.subarray(0, this.cap - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
    }
    if (chunk.length >= TAIL_BYTES) this.tail = Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES));
    else if (this.tail.length + chunk.length <= TAIL_BYTES) this.tail = Buffer.concat([this.tail, chunk]);
    else this.tail = Buffer.concat([this.tail.subarray(this.tail.length + chunk.length - TAIL_BYTES), chunk]);
  }

  /** More bytes came than the cap kept. */
  get truncated(): boolean {
    return this.total > this.cap;
  }

  /** Lines the stream carried (a last line without a newline counts). */
  get lines(): number {
    return this.newlines + (this.total > 0 && this.lastByte !== 10 ? 1 : 0);
  }

  /** The kept bytes as UTF-8; a character the cap split is dropped, not shown as U+FFFD. */
  text(): string {
    const s = Buffer.concat(this.head, this.headBytes).toString('utf8');
    return this.truncated && s.endsWith('\uFFFD') ? s.slice(0, -1) : s;
  }

  /** The last `n` lines of the whole stream, each cut at 300 characters. */
  tailLines(n: number): string[] {
    let s = this.tail.toString('utf8');
    if (this.total > this.tail.length) {
      // The tail starts mid-line (maybe mid-character): drop that partial line.
      const nl = s.indexOf('\n');
      s = nl < 0 ? s : s.slice(nl + 1);
    }
    if (s.endsWith('\n')) s = s.slice(0, -1);
    if (s === '') return [];
    return s.split('\n').slice(-n).map((l) => (l.length > TAIL_LINE_CHARS ? `${l.slice(0, TAIL_LINE_CHARS)}… (line cut)` : l.replace(/\r$/, '')));
  }
}
