import { createHash } from 'node:crypto';

/** Deterministic pseudo-random numbers from a seed (a call id): same call, same simulation. */
export class SeededRandom {
  private state: Buffer;
  private counter = 0;

  constructor(seed: string) {
    this.state = createHash('sha256').update(seed).digest();
  }

  /** A float in [0, 1). */
  next(): number {
    const block = createHash('sha256').update(this.state).update(String(this.counter++)).digest();
    return block.readUInt32BE(0) / 0x1_0000_0000;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}
