import { AppError, MESSAGES } from '../../errors/index.js';
import { assertWriteCount } from './firestore-limits.js';

/**
 * Firestore refuses a transaction read after its first write, and a commit of more than 500
 * writes; both adapters apply the same rules so code that passes on SQLite cannot fail on Firestore.
 */
export class ReadsBeforeWrites {
  private writes = 0;

  read(): void {
    if (this.writes > 0) throw new AppError('internal', MESSAGES.readAfterWrite);
  }

  /** Counts a write about to be staged; throws, staging nothing, when it would be one too many. */
  write(): void {
    assertWriteCount(this.writes + 1);
    this.writes += 1;
  }
}
