import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { optionFields } from './on-demand';
import type { PushOptionFieldsProps } from './PushOptionFields';

interface PushOptionsProps extends PushOptionFieldsProps {
  open: boolean;
  onToggle: (open: boolean) => void;
}

/**
 * The rarely changed options behind a disclosure. Its fields are not in the bytes the popup
 * loads to open (they load as the pointer or focus reaches it, or when it opens), and they are
 * rendered from its first opening on: until then the values live in the form's state alone, and
 * the form stays small to render, and to take down when the link replaces it.
 */
const prepareFields = () => void optionFields.load().catch(() => undefined);

export function PushOptions({ open, onToggle, ...fields }: PushOptionsProps) {
  const [, setLoaded] = useState(false);
  const [opened, setOpened] = useState(open);
  const Fields = opened || open ? optionFields.loaded()?.PushOptionFields : undefined;

  useEffect(() => {
    if (!open) return;
    setOpened(true);
    // A failed load leaves the disclosure empty; closing and opening it tries again.
    if (!optionFields.loaded()) optionFields.load().then(() => setLoaded(true), () => undefined);
  }, [open]);

  return (
    <details open={open} onToggle={(event) => onToggle((event.currentTarget as HTMLDetailsElement).open)}>
      <summary onPointerEnter={prepareFields} onFocus={prepareFields}>
        {t('popupOptions')}
      </summary>
      {Fields && <Fields {...fields} />}
    </details>
  );
}
