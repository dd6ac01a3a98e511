import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { PushRow } from '@/lib/push-lists/rows';
import { getConnection } from '@/lib/settings';
import { AttemptsSection } from './AttemptsSection';
import { AuditLog } from './AuditLog';
import { hostOf } from '@/lib/url';
import { serverText } from '@/lib/short-text';
import { ListPanel } from './ListPanel';
import type { Connection } from '../../lib/push-lists/loaders';
import { OptionsNote } from './OptionsNote';
import { LISTS, PushTabs, type ListId } from './PushTabs';
import { configFor, displayName } from './useRowActions';
import { useHistoryChanges } from './useHistoryChanges';
import { useStateRefresh } from './useStateRefresh';
import { StatesStatus } from './StatesStatus';
import { LockdownSection } from '../lockdown/LockdownSection';
import { useAskedLockdown } from '../lockdown/useAskedLockdown';
import { useManagedPolicy } from '../use-managed-policy';
import { ReceiptsNote } from './receipts/ReceiptsNote';
import { LazyRequests } from './requests/LazyRequests';
import { ReceiptsContext, useReceipts, useRowFromHash } from './receipts/useReceipts';

type Versions = Record<ListId, number>;

/**
 * The "Pushes" page: this browser's pushes and the account's active and expired ones, as tabs,
 * with a filter over the loaded rows, and one push's audit log in place of the lists.
 */
export function PushesApp() {
  // undefined while the settings are read; null when no instance is set up.
  const [connection, setConnection] = useState<Connection | null | undefined>(undefined);
  const [selected, setSelected] = useState<ListId>('history');
  const [filter, setFilter] = useState('');
  const [versions, setVersions] = useState<Versions>({ history: 0, active: 0, expired: 0 });
  const [audit, setAudit] = useState<PushRow | null>(null);
  const auditOpener = useRef<HTMLElement | null>(null);
  const [askLockdown, lockdownAsked] = useAskedLockdown();
  // No lockdown where the organisation switched it off (the background refuses one too).
  const policy = useManagedPolicy();

  useEffect(() => {
    void getConnection().then(setConnection);
  }, []);

  const bump = (lists: ListId[]) =>
    setVersions((previous) => {
      const next = { ...previous };
      for (const list of lists) next[list] += 1;
      return next;
    });
  const refresh = useStateRefresh(connection, () => bump(['history']));
  // Another Pushes tab (or the background) changed the history: the lists shown here are stale.
  useHistoryChanges(bump);
  const receipts = useReceipts(connection);
  useRowFromHash();

  function openAudit(row: PushRow, opener: HTMLElement) {
    auditOpener.current = opener;
    setAudit(row);
  }

  function closeAudit() {
    setAudit(null);
    // After the re-render has shown the lists again, or the button is still hidden.
    setTimeout(() => auditOpener.current?.focus());
  }

  return (
    <ReceiptsContext.Provider value={receipts}>
      <main class="pushes-page">
        <header class="pushes-header">
          <h1>{t('pushesTitle')}</h1>
          {connection && <p class="hint">{t('pushesOnInstance', hostOf(connection.baseUrl))}</p>}
          {/* The commercial edition's chosen account: the lists, receipts and lockdown are its (docs/password-pusher.md#accounts). */}
          {connection?.token && connection.accountName !== undefined && (
            <p class="hint pushes-account">{t('pushesInAccount', serverText(connection.accountName))}</p>
          )}
        </header>
        {policy.lockdown !== false && (
          <LockdownSection askAtStart={askLockdown} onAsked={lockdownAsked} onFinished={() => bump([...LISTS])} />
        )}
        <StatesStatus refresh={refresh} />
        {connection === null && <OptionsNote message={t('pushesNotConfigured')} />}
        <ReceiptsNote connection={connection} />
        {audit && (
          <AuditLog
            config={configFor(audit, connection ?? null)}
            urlToken={audit.urlToken}
            name={displayName(audit)}
            onClose={closeAudit}
          />
        )}
        {connection !== undefined && (
          <div hidden={audit !== null}>
            <AttemptsSection connection={connection} onAudit={openAudit} />
            <div class="field filter-field">
              <label for="pushes-filter">{t('pushesFilter')}</label>
              <input
                id="pushes-filter"
                type="search"
                value={filter}
                aria-describedby="pushes-filter-hint"
                onInput={(event) => setFilter(event.currentTarget.value)}
              />
              <p id="pushes-filter-hint" class="hint">
                {t('pushesFilterHint')}
              </p>
            </div>
            <PushTabs selected={selected} onSelect={setSelected} />
            {LISTS.map((list) => (
              <ListPanel
                key={list}
                list={list}
                selected={selected === list}
                filter={filter}
                connection={connection}
                version={versions[list]}
                onExpired={() => bump(LISTS.filter((other) => other !== list))}
                onHistoryChanged={() => bump(['history'])}
                onAudit={openAudit}
              />
            ))}
            <LazyRequests connection={connection} />
          </div>
        )}
      </main>
    </ReceiptsContext.Provider>
  );
}
