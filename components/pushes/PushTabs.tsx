import { useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';

export type ListId = 'history' | 'active' | 'expired';

export const LISTS: readonly ListId[] = ['history', 'active', 'expired'];

export const LIST_LABEL_KEYS: Record<ListId, string> = {
  history: 'pushesTabHistory',
  active: 'pushesTabActive',
  expired: 'pushesTabExpired',
};

export const tabId = (list: ListId) => `pushes-tab-${list}`;
export const panelId = (list: ListId) => `pushes-panel-${list}`;

/**
 * The three lists as ARIA tabs: one tab stop, arrow keys (and Home/End) move between the tabs
 * and show the one they reach (WAI-ARIA tabs pattern, automatic activation).
 */
export function PushTabs({ selected, onSelect }: { selected: ListId; onSelect(list: ListId): void }) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  function move(event: KeyboardEvent, index: number) {
    const last = LISTS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    onSelect(LISTS[target]!);
    tabs.current[target]?.focus();
  }

  return (
    <div role="tablist" class="push-tabs" aria-label={t('pushesTabsLabel')}>
      {LISTS.map((list, index) => (
        <button
          key={list}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(list)}
          aria-controls={panelId(list)}
          aria-selected={list === selected}
          tabIndex={list === selected ? 0 : -1}
          onClick={() => onSelect(list)}
          onKeyDown={(event) => move(event, index)}
        >
          {t(LIST_LABEL_KEYS[list])}
        </button>
      ))}
    </div>
  );
}
