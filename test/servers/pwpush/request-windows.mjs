// How busy the reference server's request log was: the most requests that arrived within any
// sliding window, as Password Pusher's throttle would see them over any of its fixed windows
// (docs/password-pusher.md#throttling). Shared by the e2e's shared pace and the bench's combined load.

/**
 * @param {readonly { at: number }[]} requests the server's log (or a part of it)
 * @param {number} windowMs the window's length
 * @returns the most requests arriving within any `windowMs` (a request at `t` and one at `t + windowMs` are not together)
 */
export function busiestWindow(requests, windowMs) {
  const times = requests.map((request) => request.at).sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[to] - times[from] >= windowMs) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}
