import { pwpushLocales } from '@/lib/pwpush/locales';
import { type ChatApp, chatAppRetrievalLine } from '@/lib/share/chat-apps';

/**
 * The push form's recipient parts: the language the link opens in, the addresses the instance
 * e-mails it to (when it can), and the retrieval step a chat or mail app's tab turns on.
 */

/** The form's controls these parts use, of those ./push-form-controls.ts finds (which calls this module). */
interface RecipientControls {
  secret: HTMLTextAreaElement;
  options: HTMLDetailsElement;
  retrievalStep: HTMLInputElement;
  recipientLocale: HTMLSelectElement;
  emailToField: HTMLElement;
  emailLocaleField: HTMLElement;
  emailLocale: HTMLSelectElement;
  chatRetrieval: HTMLElement;
  chatRetrievalText: HTMLElement;
  chatRetrievalOff: HTMLButtonElement;
}

/** Password Pusher's languages after the select's first choice, once: the form is in the page's HTML without them. */
function fillLanguages(select: HTMLSelectElement): void {
  if (select.options.length > 1) return;
  for (const { code, name } of pwpushLocales()) {
    const option = select.ownerDocument.createElement('option');
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.append(option);
  }
}

/**
 * The saved recipient's language chosen (`''`: the instance's default). The list is made only when
 * a language is saved or the options open: most popups are pushed from without opening them.
 */
export function showRecipientLocale(controls: RecipientControls, locale: string): void {
  // None saved: the select already shows its first choice (the HTML's, or the form's reset).
  if (!locale) return;
  fillLanguages(controls.recipientLocale);
  controls.recipientLocale.value = locale;
  // A code no longer in the list (an older save) leaves nothing chosen: the instance's default then.
  if (controls.recipientLocale.value !== locale) controls.recipientLocale.value = '';
}

/**
 * "E-mail the link to" and the e-mail's language, offered only when the instance says it sends
 * e-mail (`email_auto_dispatch`, 2.9.0+) and a token is set: it refuses both fields otherwise
 * (docs/password-pusher.md#notify-emails).
 */
export function offerEmail(controls: RecipientControls, offered: boolean): void {
  // Its languages are listed when the options open, as the recipient's are: filled here, the list
  // would sit on the popup's heap in every popup of an instance that sends e-mail (docs/performance.md, rule 16).
  if (offered && controls.options.open) fillLanguages(controls.emailLocale);
  controls.emailToField.hidden = !offered;
  controls.emailLocaleField.hidden = !offered;
}

/**
 * On a chat or mail app's tab the retrieval step is on for this push, with one line saying why
 * and a button that turns it off. The line goes when the step is turned off either way.
 */
export function showChatApp(controls: RecipientControls, app: ChatApp | null): void {
  if (app) {
    controls.retrievalStep.checked = true;
    controls.chatRetrievalText.textContent = chatAppRetrievalLine(app);
  }
  controls.chatRetrieval.hidden = !app;
}

/** The languages once the options open; the line's "Turn off", and the line following the option's checkbox. */
export function wireRecipientParts(controls: RecipientControls): void {
  controls.options.addEventListener('toggle', () => {
    if (!controls.options.open) return;
    fillLanguages(controls.recipientLocale);
    if (!controls.emailLocaleField.hidden) fillLanguages(controls.emailLocale);
  });
  controls.chatRetrievalOff.addEventListener('click', () => {
    controls.retrievalStep.checked = false;
    controls.chatRetrieval.hidden = true;
    controls.retrievalStep.dispatchEvent(new Event('change', { bubbles: true }));
    controls.secret.focus();
  });
  controls.retrievalStep.addEventListener('change', () => {
    if (!controls.retrievalStep.checked) controls.chatRetrieval.hidden = true;
  });
}
