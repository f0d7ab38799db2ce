/**
 * A clock a test moves: it starts at `at` and runs `rate` times faster than real time (400: a match minute in
 * 150 ms), or stands still while paused. Give its `now` to a replay (api-football-replay.ts,
 * football-data-replay.ts), to the rate-limited peer that counts the provider's minute by it, and to ingest
 * and the adapters, so every part of the match day agrees on what time it is.
 */
export class MovingClock {
  private origin: number;
  private realOrigin = Date.now();
  private running: boolean;
  private readonly rate: number;

  constructor(options: { at: number; rate: number; paused?: boolean }) {
    this.origin = options.at;
    this.rate = options.rate;
    this.running = !options.paused;
  }

  readonly now = (): number =>
    this.running ? this.origin + (Date.now() - this.realOrigin) * this.rate : this.origin;

  pause(): void {
    this.origin = this.now();
    this.running = false;
  }

  resume(): void {
    this.realOrigin = Date.now();
    this.running = true;
  }

  /** Sets the clock to `at`; it goes on running from there, or stands there if paused. */
  set(at: number): void {
    this.origin = at;
    this.realOrigin = Date.now();
  }

  /** Resolves once the clock reads `at` or later (never while it is paused short of it). */
  async reach(at: number): Promise<void> {
    while (this.now() < at) {
      const wait = this.running ? (at - this.now()) / this.rate : 50;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(wait, 50))));
    }
  }
}
