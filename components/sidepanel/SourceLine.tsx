import type { AirportBoard } from '@/lib/airport/airport-board';
import { t } from '@/lib/i18n';
import { sourceName } from '@/lib/wait-times/source-words';

/** What a source's figures are, where it says so (docs/airport-sources.md): Dublin's median, Edinburgh's sensors, Munich's unit. */
function noteOf(board: Pick<AirportBoard, 'source' | 'checkpoints'>): string | null {
  if (board.source === 'dub') return t('sidepanelSourceNoteDub');
  if (board.source === 'edi') return t('sidepanelSourceNoteEdi');
  if (board.source === 'muc' && board.checkpoints.some((checkpoint) => checkpoint.wait?.kind === 'at-most'))
    return t('sidepanelSourceNoteMuc');
  return null;
}

/**
 * Where the board's numbers come from: "From Copenhagen Airport's website: published for its
 * visitors, not an official API", or "From Swedavia's API".
 */
export function SourceLine({ board }: { board: Pick<AirportBoard, 'source' | 'checkpoints'> }) {
  const name = sourceName(board.source);
  const note = noteOf(board);
  return (
    <p class="hint board-source">
      {board.source === 'swedavia-api' ? t('sidepanelFromApi', name) : t('sidepanelFromWebsite', name)}
      {note && ` ${note}`}
    </p>
  );
}
