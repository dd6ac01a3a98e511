import { describe, expect, it } from 'vitest';
import { jobsBetween } from './recurring-jobs.mjs';

const at = (iso: string) => Date.parse(iso);

describe("Password Pusher's recurring jobs on a moved clock", () => {
  it.each([
    ['within two hours, no boundary', '2026-11-27T01:10:00Z', '2026-11-27T01:50:00Z', []],
    ['an expiry run on the even hour', '2026-11-27T01:10:00Z', '2026-11-27T02:00:00Z', ['02:00 expire']],
    [
      'across 05:00: the expiry run, then the clean-up',
      '2026-11-27T03:30:00Z',
      '2026-11-27T06:00:00Z',
      ['04:00 expire', '05:00 clean-up', '06:00 expire'],
    ],
    ['a day from noon: one clean-up, twelve expiry runs', '2026-11-27T12:00:00Z', '2026-11-28T12:00:00Z', 13],
  ] as const)('%s', (_name, from, to, expected) => {
    const jobs = jobsBetween(at(from), at(to)).map(({ at: time, job }) => `${new Date(time).toISOString().slice(11, 16)} ${job}`);
    if (typeof expected === 'number') {
      expect(jobs).toHaveLength(expected);
      expect(jobs.filter((job) => job.endsWith('clean-up'))).toEqual(['05:00 clean-up']);
    } else expect(jobs).toEqual(expected);
  });
});
