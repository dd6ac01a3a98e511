import type { Feedback } from './check-feedback';

/**
 * Both live regions are always in the page: screen readers only announce changes to a region
 * they already know, so one that appears together with its text may stay silent.
 */
export function SaveFeedback({ feedback }: { feedback: Feedback }) {
  return (
    <>
      <div role="status">
        {feedback.status.length > 0 && (
          <div class="note ok">
            {feedback.status.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        )}
      </div>
      <div role="alert">
        {feedback.alert.length > 0 && (
          <div class="note error">
            {feedback.alert.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
