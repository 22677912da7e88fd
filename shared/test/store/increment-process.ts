// Child process for sqlite.test.ts: opens the store file named on the command line, says "ready",
// waits for "go" on stdin (so that both children start together), then runs its transactional
// increments of one shared counter and says "done". Any failure exits non-zero with the error.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openSqliteStore } from '../../src/server/store/sqlite-store.js';

const [file, count] = process.argv.slice(2);
const store = openSqliteStore(file);
process.stdout.write('ready\n');
const input = createInterface({ input: process.stdin });
await once(input, 'line');
input.close();

for (let i = 0; i < Number(count); i++) {
  await store.transaction(async (tx) => {
    const counter = await tx.get<{ n: number }>('counters', 'shared');
    // Keep the transaction open across an event-loop turn, as real read-modify-writes do.
    await nextTurn();
    tx.set('counters', 'shared', { n: (counter?.n ?? 0) + 1 });
  });
}
await store.close();
process.stdout.write('done\n');
