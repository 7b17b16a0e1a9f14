// A token bucket per client address: `burst` requests at once, then one every `refillMs`.
// The dev quote inbox uses it so a burst of posts cannot flood the terminal and the inbox file.

/** Addresses remembered at most; the least recently seen is forgotten first. */
const MAX_CLIENTS = 1000;

export class RateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly refillMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** 0 when `client` may go on (a token is taken), otherwise the milliseconds until it may. */
  take(client: string): number {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) / this.refillMs);
    bucket.at = now;
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) * this.refillMs);
  }
}
