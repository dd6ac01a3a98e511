import { useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { Explanation } from '@/lib/share/explain';
import { explainInAccount } from '@/lib/share/explain-account';
import { requestSecret, type RequestMade } from '@/lib/requests/request-secret';
import type { Connection, PushDefaults } from '@/lib/settings';
import { serverText } from '@/lib/short-text';
import { FailureNote } from '../../FailureNote';
import { useFocusOnMount } from '../../use-focus-on-mount';
import { RequestLink } from './RequestLink';
import { RequestOptions } from './RequestOptions';
import type { Draft, FieldErrors } from './request-draft';
import './request.css';

export interface RequestViewProps {
  connection: Connection;
  defaults: Pick<PushDefaults, 'expireAfterDays' | 'retrievalStep' | 'deletableByViewer'>;
  /** The instance e-mails the link (`email_auto_dispatch`): the form offers "E-mail the link to". */
  email: boolean;
  onBack: () => void;
}

/** Whole numbers in range, as the push form takes them (1–90 days, 1–100). */
function wholeIn(value: string, max: number): number | null {
  const number = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(number) && number >= 1 && number <= max ? number : null;
}

/**
 * "Request a secret" in place of the push form (docs/password-pusher.md#requests-request-a-secret):
 * what to ask for, and the options pwpush-cli's `request` sends (days, answers, name, note,
 * retrieval step, deletable, e-mail), then the request's link to copy. One request per Create;
 * what the instance refuses is said under the form and the form keeps what was typed.
 */
export function RequestView({ connection, defaults, email, onBack }: RequestViewProps) {
  const [draft, setDraft] = useState<Draft>({
    text: '',
    days: String(defaults.expireAfterDays),
    answers: '1',
    name: '',
    note: '',
    emailTo: '',
    retrievalStep: defaults.retrievalStep,
    deletableByViewer: defaults.deletableByViewer,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [made, setMade] = useState<RequestMade | null>(null);
  const [busy, setBusy] = useState(false);
  // Set before the first await: a double click makes one request.
  const busyRef = useRef(false);
  const textArea = useFocusOnMount<HTMLTextAreaElement>();

  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  async function submit(event: Event) {
    event.preventDefault();
    if (busyRef.current) return;
    const days = wholeIn(draft.days, 90);
    const answers = wholeIn(draft.answers, 100);
    const found: FieldErrors = {};
    if (draft.text.trim() === '') found.text = t('popupRequestTextMissing');
    if (days === null) found.days = t('popupRequestDaysInvalid');
    if (answers === null) found.answers = t('popupRequestAnswersInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || days === null || answers === null) {
      document.getElementById(found.text ? 'request-text' : found.days ? 'request-days' : 'request-answers')?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    const result = await requestSecret(
      {
        text: draft.text,
        expireAfterDays: days,
        expireAfterViews: answers,
        name: draft.name.trim() || undefined,
        note: draft.note.trim() || undefined,
        emailTo: email && draft.emailTo.trim() ? draft.emailTo.trim() : undefined,
        retrievalStep: draft.retrievalStep,
        deletableByViewer: draft.deletableByViewer,
      },
      { connection, defaults },
    );
    busyRef.current = false;
    setBusy(false);
    if (result.ok) setMade(result.value);
    else setFailure(explainInAccount(result.error, connection.accountName));
  }

  const heading = (
    <div class="row request-heading-row">
      <h2 id="request-heading">{t('popupRequestHeading')}</h2>
      <button type="button" class="small" onClick={onBack}>
        {t('receiveBack')}
      </button>
    </div>
  );
  const account =
    connection.accountName !== undefined ? <p class="hint">{t('popupRequestInAccount', serverText(connection.accountName))}</p> : null;

  if (made) {
    return (
      <section class="request-view" aria-labelledby="request-heading">
        {heading}
        <RequestLink made={made} />
        {account}
      </section>
    );
  }

  return (
    <section class="request-view" aria-labelledby="request-heading">
      {heading}
      <p class="hint">{t('popupRequestIntro')}</p>
      {account}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div class="field">
          <label for="request-text">{t('popupRequestText')}</label>
          <textarea
            id="request-text"
            ref={textArea}
            rows={3}
            value={draft.text}
            aria-invalid={errors.text ? 'true' : undefined}
            aria-describedby={errors.text ? 'request-text-error request-text-hint' : 'request-text-hint'}
            onInput={(event) => update({ text: event.currentTarget.value })}
          />
          {errors.text && (
            <p class="field-error" id="request-text-error">
              {errors.text}
            </p>
          )}
          <p class="hint" id="request-text-hint">
            {t('popupRequestTextHint')}
          </p>
        </div>
        <RequestOptions draft={draft} errors={errors} email={email} onChange={update} />
        {failure && <FailureNote explanation={failure} />}
        <div class="row push-row">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? t('popupRequestCreating') : t('popupRequestCreate')}
          </button>
        </div>
      </form>
    </section>
  );
}
