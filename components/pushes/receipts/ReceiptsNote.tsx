import { useContext } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { pushTime } from '@/lib/history/push-label';
import type { PollFailure } from '@/lib/receipts/schedule';
import { OptionsNote } from '../OptionsNote';
import type { Connection } from '../../../lib/push-lists/loaders';
import { ReceiptsContext } from './useReceipts';
import { PauseContext } from '../PauseNote';

const PAUSED_KEYS: Record<PollFailure['kind'], string> = {
  'rate-limited': 'pushesReceiptsPausedRate',
  server: 'pushesReceiptsPausedServer',
  other: 'pushesReceiptsPausedOther',
};

/** Without a token: what one would add. After a failed poll: until when receipts wait, and why (never the server's words). */
export function ReceiptsNote({ connection }: { connection: Connection | null | undefined }) {
  const { failure } = useContext(ReceiptsContext);
  // A 429 is said once for the page (../PauseNote.tsx) while the instance's pause holds.
  const paused = useContext(PauseContext) > 0;
  if (connection && !connection.token) return <OptionsNote message={t('pushesReceiptsNoToken')} />;
  if (!failure || (paused && failure.kind === 'rate-limited')) return null;
  return (
    <p class="note warn receipts-paused" role="status">
      {t(PAUSED_KEYS[failure.kind], pushTime(failure.at + failure.delayMs))}
    </p>
  );
}
