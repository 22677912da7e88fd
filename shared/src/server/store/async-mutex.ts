/** Runs async critical sections one at a time, in call order. */
export class AsyncMutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(section: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(section);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
