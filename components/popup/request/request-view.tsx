import { render } from 'preact';
import { RequestView, type RequestViewProps } from './RequestView';

// "Request a secret" (./RequestView.tsx): a module of its own, loaded on the click that opens it,
// so that neither the popup's opening nor its push views carry it (docs/performance.md, rule 1).

/** The request form in place of the push form; returns what takes it down again. */
export function showRequestView(slot: HTMLElement, props: RequestViewProps): () => void {
  render(<RequestView {...props} />, slot);
  return () => render(null, slot);
}
