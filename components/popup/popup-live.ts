import { pushCode, receiveCode } from './on-demand';
import { livePushForm } from './push-form';
import { NO_PAGE, type PopupState, type PushFormControls } from './push-form-dom';
import type { PagePrefill, PushedResult } from './push-form-values';

/**
 * The popup's working half, loaded on the first sign of use (popup-page.ts): the live push form,
 * and in its place the link just made or "Open a secret link", both drawn with Preact, which
 * loads with them.
 */
export function goLive(doc: Document, controls: PushFormControls, state: PopupState): void {
  const slot = doc.getElementById('popup-view')!;
  const receiveEntry = doc.getElementById('receive-entry')!;
  let closeView: (() => void) | null = null;

  const setFormShown = (shown: boolean) => {
    controls.form.hidden = !shown;
    receiveEntry.hidden = !shown;
    slot.hidden = shown;
  };
  const swap = (show: () => () => void) => {
    setFormShown(false);
    closeView = show();
  };
  const showForm = (page?: PagePrefill) => {
    closeView?.();
    closeView = null;
    if (page) form.reset(page);
    setFormShown(true);
    controls.secret.focus();
  };

  const form = livePushForm(controls, state, (result: PushedResult) => {
    // A push succeeded, so the push code with its link view has loaded.
    const code = pushCode.loaded()!;
    swap(() =>
      code.showLinkView(slot, {
        result,
        token: state.known.connection.token,
        copyAutomatically: state.known.defaults.copyLinkAutomatically,
        // The selection was pushed already: the new form starts empty.
        onPushAnother: () => showForm({ ...NO_PAGE, pageUrl: state.page.pageUrl }),
      }),
    );
  });

  doc.getElementById('open-receive')!.addEventListener('click', () => {
    void receiveCode.load().then(({ showReceiveView }) => {
      const { baseUrl, token } = state.known.connection;
      swap(() => showReceiveView(slot, { baseUrl, token, onBack: () => showForm() }));
    });
  });
}
