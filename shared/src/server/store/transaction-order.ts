import { AppError, MESSAGES } from '../../errors/index.js';

/**
 * Firestore refuses a transaction read after its first write; the SQLite adapter applies the same
 * rule so code that passes on SQLite cannot fail on Firestore.
 */
export class ReadsBeforeWrites {
  private written = false;

  read(): void {
    if (this.written) throw new AppError('internal', MESSAGES.readAfterWrite);
  }

  write(): void {
    this.written = true;
  }
}
