/**
 * The one deadline for every wait in the suite. Tests wait for an event (a webhook received, a row
 * in a state, a log line), never for an amount of time; the deadline only bounds how long a broken
 * test takes to say so. It is generous because the suite must pass on a machine that is busy with
 * other work, and it stays under jest's 60 s test timeout so that a failure names what it waited for.
 */
export const WAIT_DEADLINE_MS = 45_000;
