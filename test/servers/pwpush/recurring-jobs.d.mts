export type Job = 'expire' | 'clean-up';
export function jobsBetween(from: number, to: number): { at: number; job: Job }[];
export function runJob(store: unknown, job: Job): void;
