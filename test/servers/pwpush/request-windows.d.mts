/** The most requests that arrived within any sliding `windowMs` of the log. */
export function busiestWindow(requests: readonly { at: number }[], windowMs: number): number;
