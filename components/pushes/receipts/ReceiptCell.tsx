import { useContext } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { receiptLine } from '@/lib/receipts/receipt-text';
import { setWatching } from '@/lib/settings';
import { ReceiptsContext, type RowReceipts } from './useReceipts';

/** A row's newest read receipt, and its "Stop watching" / "Watch again". */
export function ReceiptCell({ receipts, nameId }: { receipts: RowReceipts | undefined; nameId: string }) {
  const { on } = useContext(ReceiptsContext);
  if (!receipts || !on) return null;
  const { receipt, watchable, watching, entryId } = receipts;
  return (
    <div class="receipt">
      {receipt && <p class="hint receipt-line">{receiptLine(receipt)}</p>}
      {watchable && !watching && <p class="hint">{t('pushesReceiptsNotWatched')}</p>}
      {watchable && (
        <button
          type="button"
          class="small"
          aria-describedby={nameId}
          aria-pressed={!watching}
          onClick={() => void setWatching(entryId, !watching)}
        >
          {watching ? t('pushesReceiptsStop') : t('pushesReceiptsResume')}
        </button>
      )}
    </div>
  );
}
