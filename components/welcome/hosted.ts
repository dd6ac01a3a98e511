/**
 * The public service Password Pusher runs itself, offered on the first run beside "my own":
 * pwpush.com, and the two hosts it runs on (docs/password-pusher.md, "Commercial edition"), for a
 * person whose account, and so whose token, lives on one of them.
 */
export interface HostedChoice {
  id: 'com' | 'eu' | 'us';
  origin: string;
  label: string;
  hint: string;
}

export const HOSTED = [
  { id: 'com', origin: 'https://pwpush.com', label: 'welcomeChoiceCom', hint: 'welcomeChoiceComHint' },
  { id: 'eu', origin: 'https://eu.pwpush.com', label: 'welcomeChoiceEu', hint: 'welcomeChoiceEuHint' },
  { id: 'us', origin: 'https://us.pwpush.com', label: 'welcomeChoiceUs', hint: 'welcomeChoiceUsHint' },
] as const satisfies readonly HostedChoice[];

export type Choice = HostedChoice['id'] | 'own';

/** The choice that names `origin`: a hosted one, else "my own". */
export function choiceFor(origin: string): Choice {
  return HOSTED.find((hosted) => hosted.origin === origin)?.id ?? 'own';
}
