import type { PushKind } from '../pwpush/types';
import type { RecordDetails } from '../records';

/**
 * What the history keeps of a push beside the server's answer: its kind, whether it had a
 * passphrase (never the passphrase), whether a token sent it, a file push's file names (never
 * their contents), which tell it apart when it has no name, and the name as typed.
 */
export function recordDetails(
  input: { kind: PushKind; passphrase?: string; files?: readonly File[]; name?: string },
  withToken?: boolean,
  accountId?: string,
): RecordDetails {
  const details: RecordDetails = { kind: input.kind, passphraseProtected: Boolean(input.passphrase) };
  if (withToken !== undefined) details.withToken = withToken;
  if (accountId) details.accountId = accountId;
  if (input.kind === 'file' && input.files?.length) details.fileNames = input.files.map((file) => file.name);
  if (input.name?.trim()) details.ownName = input.name;
  return details;
}
