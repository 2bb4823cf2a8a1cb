/**
 * RFC 3261 timer values (17.1, table 4), for UDP. T1: round-trip estimate; T2: the longest
 * interval between retransmissions of a non-INVITE request; T4: how long a message may linger in
 * the network.
 */
export const T1 = 500;
export const T2 = 4000;
export const T4 = 5000;

/** Timer A (INVITE retransmission): T1, then doubling with no cap (17.1.1.2). */
export const timerA = (previous?: number): number => (previous === undefined ? T1 : previous * 2);

/** Timer E (non-INVITE retransmission): T1 doubling up to T2; T2 once a provisional response came (17.1.2.2). */
export const timerE = (previous: number | undefined, proceeding: boolean): number => (proceeding ? T2 : previous === undefined ? T1 : Math.min(previous * 2, T2));

/** Timer B / F: how long a request waits for an answer before the transaction gives up. */
export const TIMER_B = 64 * T1;
export const TIMER_F = 64 * T1;
/** Timer D: absorbs retransmitted final responses to an INVITE (at least 32 s on UDP). */
export const TIMER_D = 32_000;
/** Timer K: absorbs retransmitted final responses to other requests. */
export const TIMER_K = T4;
/** How long a server transaction keeps its response for retransmitted requests (Timer J). */
export const TIMER_J = 64 * T1;
