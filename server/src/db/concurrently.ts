// Transactions of independent work run side by side on PostgreSQL, each on a pooled connection of its own (PGlite has
// one connection: callers pass a width of 1 there). Used by the settlement's chunks, the ledger check's ranges and the
// plan step's investors.

/** Runs `work` on every item, `width` at a time; once one fails no new item starts, and after the started ones end the first error is thrown. */
export async function eachConcurrently<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (errors.length === 0 && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}
