/**
 * The answers of one pure function, kept so that each input is worked out once, and bounded: when `limit` answers are
 * held, the next new one empties it first, so a long session's memory stays flat. Emptying at once costs less than
 * an order of use, and a sheet asks for the same few inputs (dates, fields, URLs) from hundreds of cells, so they are
 * back after one pass. An answer of `undefined` is kept like any other; a `work` that throws keeps nothing.
 */
export class BoundedMemo<K, V> {
  private readonly answers = new Map<K, V>();

  constructor(
    private readonly limit: number,
    private readonly work: (input: K) => V,
  ) {
    if (!(Number.isInteger(limit) && limit >= 1))
      throw new RangeError(`limit must be a whole number from 1, got ${limit}.`);
  }

  /** What `work` gives for `input`: kept from before, or worked out now and kept. */
  get(input: K): V {
    const known = this.answers.get(input);
    if (known !== undefined || this.answers.has(input)) return known as V;
    const answer = this.work(input);
    if (this.answers.size >= this.limit) this.answers.clear();
    this.answers.set(input, answer);
    return answer;
  }

  /** How many answers are kept now (at most `limit`). */
  get size(): number {
    return this.answers.size;
  }
}
