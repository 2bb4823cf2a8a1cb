/**
 * How the calls pages stay live. Until the API offers subscriptions, the list and the detail
 * are refetched on an interval while they are on screen (react-query pauses it in hidden tabs).
 * Kept in one place so the switch to a subscription touches only this file.
 */
export const LIVE_POLL_MS = 1500;

export function livePolling(active: boolean): { refetchInterval: number | false; refetchIntervalInBackground: false } {
  return { refetchInterval: active ? LIVE_POLL_MS : false, refetchIntervalInBackground: false };
}
