import { describeState, type PushState } from '@/lib/history/push-state';

/**
 * A push's state as the popup's link view and the pushes page both show it: the state, what is
 * left, and when and how it was learned (lib/history/push-state.ts decides, this only lays it out).
 * A table with its own days and views columns leaves out what is left (`withLeft`).
 */
export function PushStateText({ state, withLeft = true }: { state: PushState; withLeft?: boolean }) {
  const { label, left, learned } = describeState(state);
  return (
    <span class={`push-state lines state-${state.kind}`}>
      <strong class="push-state-label">{label}</strong>
      {withLeft && left && <span class="push-state-left">{left}</span>}
      {learned && <span class="hint push-state-learned">{learned}</span>}
    </span>
  );
}
