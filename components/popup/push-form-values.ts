import type { Push, PushKind } from '@/lib/pwpush/types';

/** What the push form holds. Lives in component state only: never stored (no drafts). */
export interface FormValues {
  kind: PushKind;
  secret: string;
  /** Kept as typed, so a half-typed number can be corrected; checked on push. */
  days: string;
  views: string;
  deletable: boolean;
  retrievalStep: boolean;
  passphrase: string;
  name: string;
  note: string;
  files: File[];
}

/** What the popup found on the page when it opened. */
export interface PagePrefill {
  /** The selected text, exactly as selected. */
  selection: string | null;
  /** Where it was selected, for "Selected text from <host>". */
  host: string;
  /** The page's http(s) URL for "Use page URL", else null. */
  pageUrl: string | null;
}

/** A push the form created, with what the link view says about it. */
export interface PushedResult {
  push: Push;
  baseUrl: string;
  passphraseProtected: boolean;
  requested: { expireAfterDays?: number; expireAfterViews?: number };
  /** Found in the Active list after the create's answer did not come in time (lib/share/lost-push.ts). */
  recovered?: true;
}

export type FieldName = 'secret' | 'kind' | 'days' | 'views' | 'passphrase' | 'name' | 'note' | 'files';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The fields inside the "Options" disclosure: an error there must open it. */
export const OPTION_FIELDS: FieldName[] = ['days', 'views', 'passphrase', 'name', 'note'];
