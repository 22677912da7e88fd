// Printful v1's rate limit (docs/providers.md#printful-rate-limit): a fixed number of calls per window that
// refills all at once. Windows are aligned to the clock (floor(now / windowMs)), like minute
// boundaries, so a client that counts its own calls per aligned window never gets a 429.

export interface WindowState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window refills. */
  resetMs: number;
}

export class FixedWindowLimit {
  private window = -1;
  private used = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Takes one call from the current window when any is left. */
  take(now = Date.now()): WindowState {
    this.roll(now);
    const allowed = this.used < this.limit;
    if (allowed) this.used += 1;
    return this.state(now, allowed);
  }

  /** The current window without taking a call (for responses that do not count). */
  peek(now = Date.now()): WindowState {
    this.roll(now);
    return this.state(now, this.used < this.limit);
  }

  reset(): void {
    this.window = -1;
    this.used = 0;
  }

  private roll(now: number): void {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.used = 0;
    }
  }

  private state(now: number, allowed: boolean): WindowState {
    return {
      allowed,
      limit: this.limit,
      remaining: this.limit - this.used,
      resetMs: (this.window + 1) * this.windowMs - now,
    };
  }
}
