import type { Checkpoint, GateSpan } from './airport-board';

/**
 * Gates as Frankfurt's feed lists them behind each checkpoint ("Departure gates: A1 - A69",
 * docs/airport-sources.md#fra), and the one a traveller types ("A26", "gate b 44").
 */

const SPAN = /\b([A-Z])\s*(\d{1,3})(?:\s*[-–—]\s*(?:([A-Z])\s*)?(\d{1,3}))?\b/g;

/** The spans in a line of gates: `A1 - A69, Z1 - Z25` → two spans; a lone `B20` is a span of one. */
export function readGateSpans(text: string): GateSpan[] {
  const spans: GateSpan[] = [];
  for (const [, prefix, from, toPrefix, to] of text.toUpperCase().matchAll(SPAN)) {
    // "A1 - B10" would be two concourses in one span: not a form the feed uses, so not guessed at.
    if (toPrefix && toPrefix !== prefix) continue;
    const first = Number(from);
    const last = to === undefined ? first : Number(to);
    spans.push({ prefix: prefix!, from: Math.min(first, last), to: Math.max(first, last) });
  }
  return spans;
}

export interface Gate {
  prefix: string;
  number: number;
}

/** A gate as typed: a letter and a number, "gate" and spaces allowed; null for anything else. */
export function readGate(text: string): Gate | null {
  const match = /^(?:gate\s*)?([A-Z])\s*-?\s*(\d{1,3})[A-Z]?$/i.exec(text.trim());
  return match ? { prefix: match[1]!.toUpperCase(), number: Number(match[2]) } : null;
}

/** The gate in the form the feed writes it: `A26`. */
export const gateText = ({ prefix, number }: Gate): string => `${prefix}${number}`;

export const servesGate = (spans: readonly GateSpan[] | undefined, gate: Gate): boolean =>
  (spans ?? []).some((span) => span.prefix === gate.prefix && gate.number >= span.from && gate.number <= span.to);

/** The checkpoints that serve the gate, regular lanes first. */
export function checkpointsForGate<T extends Pick<Checkpoint, 'gates' | 'fastTrack'>>(checkpoints: readonly T[], gate: Gate): T[] {
  return checkpoints.filter((checkpoint) => servesGate(checkpoint.gates, gate)).sort((a, b) => Number(a.fastTrack) - Number(b.fastTrack));
}
