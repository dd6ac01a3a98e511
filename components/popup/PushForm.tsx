import { useRef, useState } from 'preact/hooks';
import type { Explanation } from '@/lib/pwpush/explain';
import type { Push, PushKind } from '@/lib/pwpush/types';
import type { PushDefaults } from '@/lib/settings';
import { explainShareFailure, sharePush } from '@/lib/share';
import { t } from '@/lib/i18n';
import { FailureNote } from '../FailureNote';
import { describedBy, FieldError } from './FieldError';
import { KindChoice } from './KindChoice';
import { PushOptions } from './PushOptions';
import { SecretField } from './SecretField';
import {
  initialValues,
  OPTION_FIELDS,
  serverFieldErrors,
  toShareRequest,
  validate,
  type FieldErrors,
  type FormValues,
  type PagePrefill,
} from './push-form-values';

export interface PushedResult {
  push: Push;
  baseUrl: string;
  passphraseProtected: boolean;
  requested: { expireAfterDays?: number; expireAfterViews?: number };
}

interface PushFormProps {
  defaults: PushDefaults;
  kinds: PushKind[];
  prefill: PagePrefill;
  /** Origin host of the instance, shown so the person sees where the secret goes. */
  instanceHost: string;
  onPushed: (result: PushedResult) => void;
}

/** The push form: secret, kind, options, "Push". One click is one push. */
export function PushForm({ defaults, kinds, prefill, instanceHost, onPushed }: PushFormProps) {
  const [values, setValues] = useState<FormValues>(() => initialValues(defaults, prefill.selection ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set before the first await: a second click or Enter arrives before `busy` re-renders.
  const busyRef = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  // The instance's kinds arrive after the form opens; a kind it does not offer falls back to text.
  const kind = kinds.includes(values.kind) ? values.kind : 'text';
  const update = (change: Partial<FormValues>) => setValues((current) => ({ ...current, ...change }));

  function showErrors(found: FieldErrors) {
    setErrors(found);
    if (OPTION_FIELDS.some((field) => found[field])) setOptionsOpen(true);
    // Focus the first field in error once it is shown (the disclosure may just have opened);
    // else "Push" again, which lost the focus while it was disabled, so a retry is one key away.
    requestAnimationFrame(() => {
      const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], button[type="submit"]');
      target?.focus();
    });
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (busyRef.current) return;
    const current = { ...values, kind };
    const found = validate(current);
    if (Object.keys(found).length > 0) return showErrors(found);
    busyRef.current = true;
    setBusy(true);
    setErrors({});
    setFailure(null);
    const request = toShareRequest(current);
    try {
      const result = await sharePush(request);
      if (result.ok) {
        onPushed({
          ...result.value,
          passphraseProtected: Boolean(request.passphrase),
          requested: { expireAfterDays: request.expireAfterDays, expireAfterViews: request.expireAfterViews },
        });
        return;
      }
      setFailure(explainShareFailure(result.error));
      showErrors(serverFieldErrors(result.error));
    } catch {
      setFailure({ message: t('popupPushFailed'), next: 'retry' });
    }
    busyRef.current = false;
    setBusy(false);
  }

  function fillPageUrl(url: string) {
    update({ secret: url, kind: kinds.includes('url') ? 'url' : kind });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-busy={busy}>
      <SecretField
        values={{ ...values, kind }}
        errors={errors}
        prefill={prefill}
        update={update}
        onUsePageUrl={fillPageUrl}
        onSubmitShortcut={() => form.current?.requestSubmit()}
      />
      {kinds.length === 0 && <p class="note warn">{t('popupPushesDisabled')}</p>}
      {kinds.length > 1 && <KindChoice kinds={kinds} value={kind} error={errors.kind} onChange={(k) => update({ kind: k })} />}
      {kind === 'file' && (
        <div class="field">
          <label for="files">{t('popupFiles')}</label>
          <input id="files" type="file" multiple {...describedBy('files', errors)}
            onChange={(e) => update({ files: Array.from((e.currentTarget as HTMLInputElement).files ?? []) })} />
          <FieldError field="files" errors={errors} />
        </div>
      )}
      <PushOptions values={{ ...values, kind }} errors={errors} open={optionsOpen} onToggle={setOptionsOpen} update={update} />
      {failure && <FailureNote explanation={failure} />}
      <div class="row push-row">
        <button type="submit" class="primary" disabled={busy} aria-busy={busy}>
          {t('popupPush')}
        </button>
        <span class="hint">{t('popupPushesTo', instanceHost)}</span>
      </div>
      <p role="status" class="visually-hidden">{busy ? t('popupPushing') : ''}</p>
    </form>
  );
}
