// Values kept by key within a budget of bytes, each with the bytes it was reckoned at; the one
// set longest ago goes first. The index keeps its match lists and its words' slots in these.
export class KeptBytes<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;

  /** `budget`: bytes in all; a value larger than a quarter of it is not kept. */
  constructor(private readonly budget: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps the value as the newest, in place of any under its key, dropping the oldest past the budget. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (this.budget === 0 || bytes > this.budget / 4) return;
    while (this.used + bytes > this.budget && this.entries.size > 0) {
      this.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, bytes });
    this.used += bytes;
  }

  /** Reckons a kept value `bytes` larger (it has grown since it was set). */
  grow(key: string, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.bytes += bytes;
    this.used += bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }
}
