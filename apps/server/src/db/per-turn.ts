/**
 * Asks of one kind made before the event loop's next check phase (setImmediate: after the I/O
 * callbacks of this turn, so the requests that arrived together) are answered by ONE call of `run`:
 * as fresh as a query of their own, one round trip for many. Under load most of a cheap query's cost
 * is the round trip (writing it to the database and reading the answer), not the rows.
 *
 * `run` gets the asks in order and answers each, in the same order. Batches are per database (tests
 * run several apps in one process) and hold at most `max` asks; a failed run fails its batch only.
 */
export function perTurn<Db extends object, Ask, Answer>(
  max: number,
  run: (db: Db, asks: readonly Ask[]) => Promise<readonly Answer[]>,
): (db: Db, ask: Ask) => Promise<Answer> {
  interface Batch {
    asks: Ask[];
    answers: Promise<readonly Answer[]>;
  }
  const open = new WeakMap<Db, Batch>();
  return (db, ask) => {
    let batch = open.get(db);
    if (!batch || batch.asks.length >= max) {
      const asks: Ask[] = [];
      const created: Batch = {
        asks,
        answers: new Promise<readonly Answer[]>((resolve, reject) => {
          setImmediate(() => {
            if (open.get(db) === created) open.delete(db);
            run(db, asks).then(resolve, reject);
          });
        }),
      };
      batch = created;
      open.set(db, batch);
    }
    const index = batch.asks.push(ask) - 1;
    return batch.answers.then((answers) => {
      const answer = answers[index];
      if (answer === undefined) throw new Error(`A batch of ${answers.length} answered no ask ${index}`);
      return answer;
    });
  };
}
