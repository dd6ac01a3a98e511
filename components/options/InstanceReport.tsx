import { enabledKinds } from '@/lib/share/capabilities';
import { t } from '@/lib/i18n';
import type { PushKind, VersionInfo } from '@/lib/pwpush/types';
import { ServerText } from '../ServerText';
import type { TokenStatus } from './check-instance';

interface InstanceReportProps {
  origin: string;
  info: VersionInfo;
  token: TokenStatus;
  checkedAt: number;
}

const KIND_LABELS: Record<PushKind, string> = {
  text: 'optionsKindText',
  url: 'optionsKindUrl',
  qr: 'optionsKindQr',
  file: 'optionsKindFile',
};

/** What the instance said about itself: every value from the server is rendered as text. */
export function InstanceReport({ origin, info, token, checkedAt }: InstanceReportProps) {
  return (
    <section class="instance-report" aria-labelledby="instance-report-heading">
      <h3 id="instance-report-heading">
        {t('optionsReportHeading')} <span class="link-text">{origin}</span>
      </h3>
      <p class="hint">{t('optionsReportLastChecked', new Date(checkedAt).toLocaleString())}</p>
      <dl>
        <dt>{t('optionsEdition')}</dt>
        <dd>{editionText(info.edition)}</dd>
        <dt>{t('optionsApplicationVersion')}</dt>
        <dd>
          <ServerText text={info.applicationVersion} />
        </dd>
        <dt>{t('optionsApiVersion')}</dt>
        <dd>
          <ServerText text={info.apiVersion} />
        </dd>
        <dt>{t('optionsPushKinds')}</dt>
        <dd>
          <ul>
            {(Object.keys(KIND_LABELS) as PushKind[]).map((kind) => (
              <li key={kind}>{kindText(kind, info, token)}</li>
            ))}
          </ul>
        </dd>
        <dt>{t('optionsAnonymous')}</dt>
        <dd>{info.features.anonymousAccess ? t('optionsAnonymousAllowed') : t('optionsAnonymousNotAllowed')}</dd>
        <dt>{t('optionsTokenStatus')}</dt>
        <dd>{tokenText(token)}</dd>
      </dl>
    </section>
  );
}

/** The readable name with the server's own word next to it, which is what support and docs use. */
function editionText(edition: string) {
  if (edition === 'oss') return `${t('optionsEditionOss')} (${edition})`;
  if (edition === 'commercial') return `${t('optionsEditionCommercial')} (${edition})`;
  return <ServerText text={edition} />;
}

function kindText(kind: PushKind, info: VersionInfo, token: TokenStatus): string {
  const label = t(KIND_LABELS[kind]);
  // Whether the token works is not known here; a wrong one is reported on its own line.
  const hasToken = token.kind !== 'none';
  if (!info.features.pushesEnabled) return t('optionsKindOff', label);
  if (enabledKinds(info, hasToken).includes(kind)) return t('optionsKindAvailable', label);
  if (kind === 'file' && info.features.fileAttachments.enabled) return t('optionsKindNeedsToken', label);
  return t('optionsKindOff', label);
}

function tokenText(token: TokenStatus): string {
  switch (token.kind) {
    case 'none':
      return t('optionsTokenNone');
    case 'accepted':
      return t('optionsTokenAccepted');
    case 'rejected':
      return t('optionsTokenRejected');
    case 'unchecked':
      return t('optionsTokenUnchecked');
  }
}
