import { useEffect, useState } from 'preact/hooks';

/** The popup's menu opens the Pushes page at `#lockdown` (components/popup/popup-start.ts): the confirmation shows there. */
export const LOCKDOWN_HASH = '#lockdown';

/** Whether the page was opened (or pointed again) at `#lockdown`, and the call that forgets it once asked. */
export function useAskedLockdown(): [boolean, () => void] {
  const [asked, setAsked] = useState(() => location.hash === LOCKDOWN_HASH);
  useEffect(() => {
    const onHash = () => {
      if (location.hash === LOCKDOWN_HASH) setAsked(true);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return [
    asked,
    () => {
      setAsked(false);
      // A reload, or the menu's next click, must not find the old hash.
      if (location.hash === LOCKDOWN_HASH) history.replaceState(null, '', location.pathname + location.search);
    },
  ];
}
