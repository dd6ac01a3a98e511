import type { Checkpoint, Wait } from '@/lib/airport/airport-board';

export const minutes = (n: number): Wait => ({ kind: 'minutes', minutes: n });
export const range = (from: number, to: number): Wait => ({ kind: 'range', from, to });
export const under = (n: number): Wait => ({ kind: 'under', minutes: n });
export const atMost = (n: number): Wait => ({ kind: 'at-most', minutes: n });
export const atLeast = (n: number): Wait => ({ kind: 'at-least', minutes: n });

/** Each checkpoint as `[id, wait]`, in the order the parser gives them; null when the parser read no board. */
export const waits = (checkpoints: Checkpoint[] | null) => checkpoints?.map((checkpoint) => [checkpoint.id, checkpoint.wait]) ?? null;
