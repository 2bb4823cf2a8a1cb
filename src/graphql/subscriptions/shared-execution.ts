import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';

type Result = ExecutionResult | Promise<ExecutionResult>;

/**
 * graphql-js's `subscribe()`, except that one event is executed once per distinct operation of one
 * user instead of once per subscription. A dashboard opens the same subscription in several tabs
 * and components, and a client may open twenty on one socket; the live updates push one and the
 * same event object to all of them (./live-updates.ts), so the result of executing the operation
 * text with the same variables on it is the same for each, and is shared. The serialisation and
 * the send stay per subscription (the message carries its id).
 *
 * Sharing stops at the user: two users' subscriptions are executed apart even with the same text,
 * so a field that ever depends on who asks cannot leak between them. An operation without its
 * source text (a document built in code) is not shared.
 */
export class SharedExecution {
  /** Per event (dropped with it once every subscription has read it): results by sharing key. */
  private readonly results = new WeakMap<object, Map<string, Result>>();

  /** What graphql-ws calls for a subscription operation (its `subscribe` option). */
  readonly subscribe = async (args: ExecutionArgs, userId: string | null): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> => {
    const stream = await createSourceEventStream(args);
    if (!isAsyncIterable(stream)) return stream;
    const run = (event: unknown): Result => execute({ ...args, rootValue: event });
    const key = sharingKey(args, userId);
    if (key === null) return mapAsyncIterator(stream, run);
    return mapAsyncIterator(stream, (event) => {
      if (typeof event !== 'object' || event === null) return run(event);
      let byKey = this.results.get(event);
      if (!byKey) this.results.set(event, (byKey = new Map()));
      let result = byKey.get(key);
      if (result === undefined) byKey.set(key, (result = run(event)));
      return result;
    });
  };
}

/** The user, the operation picked, its variables and its source text; null when there is no text. */
function sharingKey(args: ExecutionArgs, userId: string | null): string | null {
  const text = args.document.loc?.source.body;
  if (userId === null || text === undefined) return null;
  return `${userId}\n${args.operationName ?? ''}\n${JSON.stringify(args.variableValues ?? null)}\n${text}`;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function';
}

/**
 * Each value of `source` mapped through `map`, with return() and throw() passed on to the source so
 * that ending the subscription ends its queue (the same contract as graphql-js's internal helper).
 */
function mapAsyncIterator<T, R>(source: AsyncIterable<T>, map: (value: T) => R | Promise<R>): AsyncIterableIterator<R> {
  const it = source[Symbol.asyncIterator]();
  const closeQuietly = async (): Promise<void> => {
    try {
      await it.return?.();
    } catch {
      // the original error is the one reported
    }
  };
  const mapped = async (r: IteratorResult<T>): Promise<IteratorResult<R>> => {
    if (r.done) return { value: undefined, done: true };
    try {
      return { value: await map(r.value), done: false };
    } catch (err) {
      await closeQuietly();
      throw err;
    }
  };
  return {
    next: async () => mapped(await it.next()),
    return: async () => (it.return ? mapped(await it.return()) : { value: undefined, done: true }),
    throw: async (err: unknown) => {
      if (it.throw) return mapped(await it.throw(err));
      await closeQuietly();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
