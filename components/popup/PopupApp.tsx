import { useLayoutEffect, useState } from 'preact/hooks';
import { enabledKinds, getCapabilities } from '@/lib/capabilities';
import type { PushKind } from '@/lib/pwpush/types';
import { readSelection } from '@/lib/selection';
import { getConnection, getPushDefaults } from '@/lib/settings';
import type { KnownSettings } from '@/lib/share';
import { getTargetTab, hostOf } from '@/lib/target-tab';
import { isWebUrl } from '@/lib/web-url';
import { t } from '@/lib/i18n';
import { OpenSecretLinkButton } from '../receive/OpenSecretLinkButton';
import { pushCode } from './on-demand';
import { NotConfigured } from './NotConfigured';
import { PopupHeader } from './PopupHeader';
import { PushForm } from './PushForm';
import type { PagePrefill, PushedResult } from './push-form-values';

type ReceiveViewComponent = typeof import('../receive/ReceiveView').ReceiveView;

type View =
  | { name: 'loading' }
  | { name: 'not-configured' }
  | { name: 'form' }
  | { name: 'result'; result: PushedResult }
  | { name: 'receive' };

const NO_PAGE: PagePrefill = { selection: null, host: '', pageUrl: null };

/** The toolbar popup: set-up hint, push form, or the link just created. */
export function PopupApp() {
  const [view, setView] = useState<View>({ name: 'loading' });
  // The connection and defaults, then the edition once the capabilities are read: a push reads no storage.
  const [ready, setReady] = useState<KnownSettings | null>(null);
  // Text pushes always work; the instance's other kinds are added once its capabilities are known.
  const [kinds, setKinds] = useState<PushKind[]>(['text']);
  const [prefill, setPrefill] = useState<PagePrefill>(NO_PAGE);
  const [formKey, setFormKey] = useState(0);
  // "Open a secret link" is a chunk of its own, loaded on its button's click.
  const [ReceiveView, setReceiveView] = useState<ReceiveViewComponent | null>(null);

  // A layout effect runs before the first paint (a plain effect only after it, a frame later):
  // the reads the form waits for start as early as the page can start them.
  useLayoutEffect(() => {
    void (async () => {
      // At once, not one after another: the form waits for these two reads and nothing else.
      const [connection, defaults] = await Promise.all([getConnection(), getPushDefaults()]);
      if (!connection) return setView({ name: 'not-configured' });
      setReady({ connection, defaults });
      setView({ name: 'form' });
      void getCapabilities(connection.baseUrl).then((info) => {
        if (!info.ok) return;
        setKinds(enabledKinds(info.value, connection.token !== ''));
        setReady((known) => known && { ...known, edition: info.value.edition });
      });
      // Runs a script in every frame of the page: the form is on screen before it answers.
      void readPage().then(setPrefill);
    })();
  }, []);

  function openReceiveView() {
    void import('../receive/ReceiveView').then((module) => {
      setReceiveView(() => module.ReceiveView);
      setView({ name: 'receive' });
    });
  }

  function pushAnother() {
    // The selection was pushed already: the new form starts empty.
    setPrefill((page) => ({ ...NO_PAGE, pageUrl: page.pageUrl }));
    setFormKey((key) => key + 1);
    setView({ name: 'form' });
  }

  // Nothing until the two reads are back (a few ms): the first layout and paint show the whole
  // popup at once, not a header alone that the form then pushes down with a layout of its own.
  if (view.name === 'loading') return null;
  const code = pushCode.loaded();

  return (
    <>
      <PopupHeader />
      <div class="popup-body">
        {view.name === 'not-configured' && <NotConfigured />}
        {view.name === 'form' && ready && (
          <PushForm
            key={formKey}
            known={ready}
            kinds={kinds}
            prefill={prefill}
            instanceHost={hostOf(ready.connection.baseUrl)}
            onPushed={(result) => setView({ name: 'result', result })}
          />
        )}
        {view.name === 'form' && ready && <OpenSecretLinkButton onClick={openReceiveView} />}
        {view.name === 'receive' && ready && ReceiveView && (
          <ReceiveView baseUrl={ready.connection.baseUrl} token={ready.connection.token} onBack={() => setView({ name: 'form' })} />
        )}
        {view.name === 'result' && view.result.recovered && <p class="note">{t('popupPushRecovered')}</p>}
        {/* A push succeeded, so the push code with its link view has loaded. */}
        {view.name === 'result' && ready && code && (
          <code.LinkResult
            push={view.result.push}
            connection={{ baseUrl: view.result.baseUrl, token: ready.connection.token }}
            copyAutomatically={ready.defaults.copyLinkAutomatically}
            passphraseProtected={view.result.passphraseProtected}
            requested={view.result.requested}
            autoFocus
            onPushAnother={pushAnother}
          />
        )}
      </div>
    </>
  );
}

/** The target page's selection and URL, read once when the popup opens (no content script). */
async function readPage(): Promise<PagePrefill> {
  try {
    const tab = await getTargetTab();
    if (!tab) return NO_PAGE;
    const selection = await readSelection(tab.id);
    return {
      selection: selection ? selection : null,
      host: hostOf(tab.url),
      pageUrl: isWebUrl(tab.url) ? tab.url : null,
    };
  } catch {
    return NO_PAGE;
  }
}
