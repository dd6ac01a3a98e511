import { useEffect, useState } from 'preact/hooks';
import { enabledKinds, getCapabilities } from '@/lib/capabilities';
import type { PushKind } from '@/lib/pwpush/types';
import { readSelection } from '@/lib/selection';
import { getConnection, getPushDefaults, type PushDefaults } from '@/lib/settings';
import { isWebUrl } from '@/lib/share';
import { getTargetTab, hostOf } from '@/lib/target-tab';
import { t } from '@/lib/i18n';
import { LinkResult } from '../LinkResult';
import { OpenSecretLinkButton } from '../receive/OpenSecretLinkButton';
import { ReceiveView } from '../receive/ReceiveView';
import { NotConfigured } from './NotConfigured';
import { PopupHeader } from './PopupHeader';
import { PushForm, type PushedResult } from './PushForm';
import type { PagePrefill } from './push-form-values';

interface Ready {
  connection: { baseUrl: string; token: string };
  defaults: PushDefaults;
}

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
  const [ready, setReady] = useState<Ready | null>(null);
  // Text pushes always work; the instance's other kinds are added once its capabilities are known.
  const [kinds, setKinds] = useState<PushKind[]>(['text']);
  const [prefill, setPrefill] = useState<PagePrefill>(NO_PAGE);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    void (async () => {
      const connection = await getConnection();
      if (!connection) return setView({ name: 'not-configured' });
      void getCapabilities(connection.baseUrl).then((info) => {
        if (info.ok) setKinds(enabledKinds(info.value, connection.token !== ''));
      });
      const [defaults, page] = await Promise.all([getPushDefaults(), readPage()]);
      setReady({ connection, defaults });
      setPrefill(page);
      setView({ name: 'form' });
    })();
  }, []);

  function pushAnother() {
    // The selection was pushed already: the new form starts empty.
    setPrefill((page) => ({ ...NO_PAGE, pageUrl: page.pageUrl }));
    setFormKey((key) => key + 1);
    setView({ name: 'form' });
  }

  return (
    <>
      <PopupHeader />
      <div class="popup-body" aria-busy={view.name === 'loading'}>
        {view.name === 'not-configured' && <NotConfigured />}
        {view.name === 'form' && ready && (
          <PushForm
            key={formKey}
            defaults={ready.defaults}
            kinds={kinds}
            prefill={prefill}
            instanceHost={hostOf(ready.connection.baseUrl)}
            onPushed={(result) => setView({ name: 'result', result })}
          />
        )}
        {view.name === 'form' && ready && <OpenSecretLinkButton onClick={() => setView({ name: 'receive' })} />}
        {view.name === 'receive' && ready && (
          <ReceiveView baseUrl={ready.connection.baseUrl} onBack={() => setView({ name: 'form' })} />
        )}
        {view.name === 'result' && ready && (
          <LinkResult
            push={view.result.push}
            connection={{ baseUrl: view.result.baseUrl, token: ready.connection.token }}
            copyAutomatically={ready.defaults.copyLinkAutomatically}
            passphraseProtected={view.result.passphraseProtected}
            requested={view.result.requested}
            autoFocus
          >
            <button type="button" onClick={pushAnother}>
              {t('popupPushAnother')}
            </button>
          </LinkResult>
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
