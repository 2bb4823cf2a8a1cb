import { buildSchema, parse, specifiedRules, type ExecutionArgs, type ExecutionResult, type ValidationRule } from 'graphql';
import { ValidatedDocuments } from '../../src/graphql/subscriptions/prepare-operation';
import { SharedExecution } from '../../src/graphql/subscriptions/shared-execution';
import { SubscriberQueue } from '../../src/graphql/subscriptions/subscriber-queue';

// A real graphql-js schema whose field resolvers count how often they run: one event object pushed
// to several subscriptions, as the live updates do, and the executions counted.
const schema = buildSchema(`
  type Thing { id: ID! label(upper: Boolean): String! }
  type Query { ok: Boolean }
  type Subscription { thingUpdated: Thing! }
`);
let labelRuns = 0;
const queues: SubscriberQueue<object>[] = [];
const rootValue = {
  thingUpdated: () => {
    const q = new SubscriberQueue<object>(10, () => undefined, () => undefined);
    queues.push(q);
    return q;
  },
};
const thing = (id: string) => ({
  thingUpdated: {
    id,
    label: ({ upper }: { upper?: boolean }) => {
      labelRuns++;
      return upper ? id.toUpperCase() : id;
    },
  },
});

const args = (query: string, variableValues?: Record<string, unknown>): ExecutionArgs => ({ schema, document: parse(query), rootValue, variableValues });

async function open(shared: SharedExecution, query: string, userId: string | null, variables?: Record<string, unknown>) {
  const r = await shared.subscribe(args(query, variables), userId);
  if (!(Symbol.asyncIterator in r)) throw new Error(`not a stream: ${JSON.stringify(r)}`);
  return r;
}

beforeEach(() => {
  labelRuns = 0;
  queues.length = 0;
});

const Q = 'subscription S($u: Boolean) { thingUpdated { id label(upper: $u) } }';

test('one event is executed once for the same user, text and variables, and each subscription gets the result', async () => {
  const shared = new SharedExecution();
  const subs = [await open(shared, Q, 'u1', { u: true }), await open(shared, Q, 'u1', { u: true }), await open(shared, Q, 'u1', { u: true })];
  const event = thing('a');
  for (const q of queues) q.push(event);
  const results = (await Promise.all(subs.map((s) => s.next()))).map((r) => r.value as ExecutionResult);
  expect(results).toEqual([0, 1, 2].map(() => ({ data: { thingUpdated: { id: 'a', label: 'A' } } })));
  expect(labelRuns).toBe(1);
  // The next event is executed afresh.
  for (const q of queues) q.push(thing('b'));
  expect((await subs[1]!.next()).value).toEqual({ data: { thingUpdated: { id: 'b', label: 'B' } } });
  expect(labelRuns).toBe(2);
});

test('other variables, another text, another user or no user: executed apart, each with its own result', async () => {
  const shared = new SharedExecution();
  const subs = [
    await open(shared, Q, 'u1', { u: true }),
    await open(shared, Q, 'u1', { u: false }),
    await open(shared, 'subscription { thingUpdated { id } }', 'u1'),
    await open(shared, Q, 'u2', { u: true }),
    await open(shared, Q, null, { u: true }),
    await open(shared, Q, null, { u: true }),
  ];
  const event = thing('x');
  for (const q of queues) q.push(event);
  const results = (await Promise.all(subs.map((s) => s.next()))).map((r) => (r.value as ExecutionResult).data);
  expect(results).toEqual([
    { thingUpdated: { id: 'x', label: 'X' } },
    { thingUpdated: { id: 'x', label: 'x' } },
    { thingUpdated: { id: 'x' } },
    { thingUpdated: { id: 'x', label: 'X' } },
    { thingUpdated: { id: 'x', label: 'X' } },
    { thingUpdated: { id: 'x', label: 'X' } },
  ]);
  // u1/true, u1/false, u2/true, and each of the two without a user: five runs of the label.
  expect(labelRuns).toBe(5);
});

test('return() ends the source queue, as graphql-js does', async () => {
  const shared = new SharedExecution();
  const sub = await open(shared, Q, 'u1');
  const pending = sub.next();
  await sub.return!();
  expect(await pending).toEqual({ value: undefined, done: true });
  queues[0]!.push(thing('late'));
  expect(await sub.next()).toEqual({ value: undefined, done: true });
});

test('an operation that cannot subscribe comes back as an error result, not a stream', async () => {
  const shared = new SharedExecution();
  const r = await shared.subscribe({ schema, document: parse('subscription { nope }') }, 'u1');
  expect(r).toEqual({ errors: [expect.objectContaining({ message: expect.stringContaining('nope') })] });
});

test('a valid query text is parsed and validated once; a refused one each time, and never kept', () => {
  let validations = 0;
  const counting: ValidationRule = () => {
    validations++;
    return {};
  };
  const documents = new ValidatedDocuments(schema, [...specifiedRules, counting]);
  const first = documents.get(Q);
  expect(documents.get(Q)).toBe(first);
  expect(validations).toBe(1);
  const bad = 'subscription { thingUpdated { nope } }';
  expect(documents.get(bad)).toMatchObject({ status: 400, errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })] });
  expect(documents.get(bad)).toMatchObject({ status: 400 });
  expect(validations).toBe(3);
  expect(documents.get('subscription {')).toMatchObject({ status: 400, errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'GRAPHQL_PARSE_FAILED' }) })] });
});
