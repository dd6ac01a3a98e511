import { t } from '@/lib/i18n';
import type { PushRow } from '@/lib/push-lists/rows';
import { ExpireDialog } from '../ExpireDialog';
import { FailureNote } from '../FailureNote';
import type { Connection } from '../../lib/push-lists/loaders';
import { PushTable } from './PushTable';
import { describePush, useRowActions } from './useRowActions';
import { useState } from 'preact/hooks';

interface CandidateListProps {
  idPrefix: string;
  rows: PushRow[];
  connection: Connection | null;
  onAudit(row: PushRow, opener: HTMLElement): void;
}

/**
 * Pushes on the instance that may be a try's: shown with what is known, copied or expired only
 * when the person says so (docs/exactly-once.md).
 */
export function CandidateList({ idPrefix, rows: found, connection, onAudit }: CandidateListProps) {
  const [rows, setRows] = useState(found);
  const actions = useRowActions({
    connection,
    onExpired: (row) => setRows((current) => current.filter((item) => item.urlToken !== row.urlToken)),
    focusFallback: () => undefined,
  });
  return (
    <div class="candidates">
      <p class="note warn">{rows.length === 1 ? t('attemptsMayBeYoursOne') : t('attemptsMayBeYours', rows.length)}</p>
      <p role="status" class="note ok action-status">
        {actions.notice}
      </p>
      {actions.failure && <FailureNote explanation={actions.failure} />}
      {rows.length > 0 && (
        <PushTable
          idPrefix={idPrefix}
          caption={t('attemptsCandidatesCaption')}
          rows={rows}
          instance={connection?.baseUrl ?? null}
          hasToken={!!connection?.token}
          actions={{ copy: actions.copy, audit: onAudit, expire: actions.askExpire, canExpire: actions.canExpire }}
        />
      )}
      {actions.confirming && (
        <ExpireDialog
          name={describePush(actions.confirming)}
          busy={actions.busy}
          onConfirm={() => void actions.confirm()}
          onCancel={actions.cancel}
        />
      )}
    </div>
  );
}
