import type { Feedback } from './check-feedback';

/**
 * One outcome per action, in one box coloured by its worst line: "Saved, but the token was
 * rejected" reads as a problem, not as a green box above a red one. Both live regions are always
 * in the page inside it: screen readers only announce changes to a region they already know, so
 * one that appears together with its text may stay silent.
 */
export function SaveFeedback({ feedback, class: extra = '' }: { feedback: Feedback; class?: string }) {
  const tone = feedback.alert.length > 0 ? 'note error' : feedback.status.length > 0 ? 'note ok' : '';
  return (
    <div class={`${tone} ${extra}`.trim()}>
      <div role="status">
        {feedback.status.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
      <div role="alert">
        {feedback.alert.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
    </div>
  );
}
