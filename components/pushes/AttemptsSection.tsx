import { t } from '@/lib/i18n';
import type { PushRow } from '@/lib/push-lists/rows';
import { hostOf } from '@/lib/url';
import { FailureNote } from '../FailureNote';
import { countLabel, kindLabel, localTime } from '../push-format';
import { CandidateList } from './CandidateList';
import type { Connection } from '../../lib/push-lists/loaders';
import { OptionsNote } from './OptionsNote';
import { useAttempts, type Look } from './useAttempts';
import type { PushAttempt } from '@/lib/records';

interface AttemptsSectionProps {
  connection: Connection | null | undefined;
  onAudit(row: PushRow, opener: HTMLElement): void;
}

/**
 * At the top of the Pushes page: the tries whose push may exist, with when and what they sent,
 * "Look again" (with a token) and "Forget this try". The person decides (docs/exactly-once.md).
 */
export function AttemptsSection({ connection, onAudit }: AttemptsSectionProps) {
  const { attempts, looks, canLook, lookAgain, forget } = useAttempts(connection);
  if (attempts.length === 0) return null;
  return (
    <section class="attempts" aria-labelledby="attempts-heading">
      <h2 id="attempts-heading">{t('attemptsHeading')}</h2>
      <p class="hint">{t('attemptsIntro')}</p>
      <ul class="attempt-list">
        {attempts.map((attempt) => (
          <li key={attempt.id} class="attempt" aria-labelledby={`attempt-${attempt.id}`}>
            <p id={`attempt-${attempt.id}`} class="attempt-what">
              {t(
                'attemptsSent',
                kindLabel(attempt.kind),
                localTime(new Date(attempt.startedAt).toISOString(), true),
                hostOf(attempt.baseUrl),
              )}
            </p>
            <p class="hint">{askedFor(attempt)}</p>
            <p>{t(attempt.state === 'sending' ? 'attemptsSending' : 'attemptsUnknown')}</p>
            <div class="row">
              {canLook(attempt) && (
                <button type="button" disabled={looks[attempt.id]?.name === 'looking'} onClick={() => void lookAgain(attempt)}>
                  {t('attemptsLookAgain')}
                </button>
              )}
              <button type="button" onClick={() => void forget(attempt)}>
                {t('attemptsForget')}
              </button>
            </div>
            {!canLook(attempt) && <OptionsNote message={t('attemptsCannotLook', hostOf(attempt.baseUrl))} />}
            <LookResult look={looks[attempt.id]} attempt={attempt} connection={connection ?? null} onAudit={onAudit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LookResult(props: {
  look: Look | undefined;
  attempt: PushAttempt;
  connection: Connection | null;
  onAudit: AttemptsSectionProps['onAudit'];
}) {
  const { look } = props;
  return (
    <div role="status">
      {look?.name === 'looking' && <p class="hint">{t('attemptsLooking')}</p>}
      {look?.name === 'failed' && <FailureNote explanation={look.explanation} />}
      {look?.name === 'found' && look.rows.length === 0 && <p class="note">{t('attemptsNoneFound')}</p>}
      {look?.name === 'found' && look.rows.length > 0 && (
        <CandidateList
          key={look.rows.map((row) => row.urlToken).join(' ')}
          idPrefix={`candidates-${props.attempt.id}`}
          rows={look.rows}
          connection={props.connection}
          onAudit={props.onAudit}
        />
      )}
    </div>
  );
}

/** What the try asked for, from its record: never the secret or the passphrase, which were never kept. */
function askedFor(attempt: PushAttempt): string {
  const { requested } = attempt;
  return [
    requested.name ? t('attemptsName', requested.name) : '',
    requested.note ? t('attemptsNote', requested.note) : '',
    t('attemptsExpiry', countLabel(requested.expireAfterDays), countLabel(requested.expireAfterViews)),
    requested.passphraseProtected ? t('attemptsPassphrase') : '',
    requested.fileNames?.length ? t('attemptsFiles', requested.fileNames.join(', ')) : '',
    requested.labelsDigest ? t('attemptsLabelsNotKept') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
