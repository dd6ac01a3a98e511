import { render } from 'preact';
import { ReceiveView } from './receive/ReceiveView';

type ReceiveViewProps = Parameters<typeof ReceiveView>[0];

/** "Open a secret link" in place of the push form; returns what takes it down (and its secret) again. */
export function showReceiveView(slot: HTMLElement, props: ReceiveViewProps): () => void {
  render(<ReceiveView {...props} />, slot);
  return () => render(null, slot);
}
