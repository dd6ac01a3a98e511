// POST /api/v2/pushes: parameter handling and validation of `Api::V2::PushesController#create` and
// `Push` (docs/password-pusher.md#create, #defaults-and-limits).
import { Upload, isPlainObject } from './body.mjs';
import { chosenAccount } from './commercial/accounts.mjs';
import { durationDays } from './commercial/duration.mjs';
import { pushJson, pushLocale } from './json.mjs';
import { notifyErrors, notifyFields, notifyRecord } from './notify.mjs';
import { sendJson } from './respond.mjs';

const KINDS = new Set(['text', 'file', 'url', 'qr']);
const TRUTHY = new Set(['on', 'yes', 'checked', 'true', '1']);
const DAYS = { min: 1, max: 90, fallback: 7 };
const VIEWS = { min: 1, max: 100, fallback: 5 };
const MAX_FILES = 10;
const MAX_TEXT_CHARS = 1_048_576;
const MAX_QR_CHARS = 1024;

/** @typedef {import('./respond.mjs').Ctx} Ctx */
/** @typedef {import('./respond.mjs').ServerState} ServerState */

/** Strong parameters keep scalars only; a nested object or array under a scalar key is dropped. @param {unknown} value */
export const isScalar = (value) => value === null || ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Upload;

/** @param {Record<string, unknown>} push @param {string} key @returns {{ given: boolean, value: unknown }} */
export function permitted(push, key) {
  const given = Object.hasOwn(push, key) && isScalar(push[key]);
  return { given, value: given ? push[key] : undefined };
}

/** Ruby `blank?` on whatever Rails hands the model. @param {unknown} value */
export const isBlank = (value) =>
  value === undefined || value === null || value === false || (typeof value === 'string' && /^\s*$/.test(value));

/** ActiveModel integer cast: numbers truncate, strings need a leading digit ("3abc" → 3), anything else is nil. @param {unknown} value */
export function toInteger(value) {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === 'string' && /^\s*[+-]?\d/.test(value)) return Number.parseInt(value, 10);
  return null;
}

/** `set_expire_limits`: missing or out-of-range values become the default, silently. @param {number | null} value @param {typeof DAYS} range */
export const withinOrDefault = (value, range) => (value !== null && value >= range.min && value <= range.max ? value : range.fallback);

/**
 * `assign_retrieval_step`: false whatever was sent when the kind's `enable_retrieval_step` is off
 * (`app/controllers/concerns/set_push_attributes.rb`); nothing in `/version` says so.
 * @param {Record<string, unknown>} push @param {string} kind @param {ServerState['options']} options
 */
const retrievalStep = (push, kind, options) => !(options.retrievalStepDisabled ?? []).includes(kind) && flag(push, 'retrieval_step');

/** `assign_deletable_by_viewer` / `assign_retrieval_step`: omitted → instance default (true). @param {Record<string, unknown>} push @param {string} key */
export function flag(push, key) {
  const { given, value } = permitted(push, key);
  return given ? TRUTHY.has(String(value ?? '').toLowerCase()) : true;
}

/** @param {unknown} value */
export const text = (value) => (value === undefined || value === null ? '' : String(value));

/** @param {string} kind @param {unknown} payload @param {import('./body.mjs').Upload[]} uploads @param {ServerState['options']} options */
function validationErrors(kind, payload, uploads, options) {
  /** @type {Record<string, string[]>} */
  const errors = {};
  if (kind === 'file' && !options.enableFilePushes) errors.kind = ['File pushes are disabled.'];
  if (kind === 'url' && !options.enableUrlPushes) errors.kind = ['URL pushes are disabled.'];
  if (kind === 'qr' && !options.enableQrPushes) errors.kind = ['QR code pushes are disabled.'];
  const chars = isBlank(payload) ? 0 : [...String(payload)].length;
  if (kind !== 'file' && isBlank(payload)) errors.payload = ['Payload is required.'];
  else if (kind === 'text' && chars > MAX_TEXT_CHARS) {
    errors.payload = [`The payload is too large.  You can only push up to ${MAX_TEXT_CHARS} bytes.`];
  } else if (kind === 'url' && !/^https?$/i.test(/^([a-z][a-z0-9+.-]*):/i.exec(String(payload))?.[1] ?? '')) {
    errors.payload = ['must be a valid HTTP or HTTPS URL.'];
  } else if (kind === 'qr' && chars > MAX_QR_CHARS) {
    errors.payload = [`The QR code payload is too large.  You can only push up to ${MAX_QR_CHARS} bytes.`];
  }
  if (kind === 'file' && uploads.length > MAX_FILES) errors.files = [`You can only attach up to ${MAX_FILES} files per push.`];
  return errors;
}

/** @param {Record<string, unknown>} push @param {ServerState['options']} options */
function expireAfterDays(push, options) {
  if (options.edition === 'commercial') {
    const days = durationDays(toInteger(permitted(push, 'expire_after_duration').value));
    if (days !== null) return days;
  }
  // OSS drops `expire_after_duration` as an unpermitted key (→ default days).
  return withinOrDefault(toInteger(permitted(push, 'expire_after_days').value), DAYS);
}

/** @param {Ctx} ctx @param {ServerState} state */
export function createPush(ctx, state) {
  const { res } = ctx;
  const raw = ctx.params.push;
  const push = isPlainObject(raw) ? raw : null;
  const kindParam = push ? permitted(push, 'kind').value : undefined;
  // `requires_authentication_for_create?`: the mere `files` key (even []) or kind=file needs Devise auth.
  if (push && (Object.hasOwn(push, 'files') || kindParam === 'file') && !ctx.user) {
    return sendJson(res, 401, { error: 'You need to sign in or sign up before continuing.' });
  }
  // The commercial edition's account (docs/password-pusher.md#accounts): an `account_id` that is not the token's is refused.
  const account = chosenAccount(ctx, state);
  if (account === undefined) return;
  if (!push || Object.keys(push).length === 0) {
    if (isBlank(raw) || (Array.isArray(raw) && raw.length === 0) || isPlainObject(raw)) {
      return sendJson(res, 400, { error: 'param is missing or the value is empty or invalid: push' });
    }
    return sendJson(res, 500, { status: 500, error: 'Internal Server Error' });
  }
  const uploads = Array.isArray(push.files) ? push.files.filter((file) => file instanceof Upload) : [];
  const kind = isBlank(kindParam) ? (uploads.length ? 'file' : 'text') : String(kindParam);
  // An unknown kind reaches `settings_for_kind` → nil before validation: a 500, not a 422 (reference, uncertainty 1).
  if (!KINDS.has(kind)) return sendJson(res, 500, { status: 500, error: 'Internal Server Error' });

  const payload = permitted(push, 'payload').value;
  const notify = notifyFields(push, state.options);
  const errors = { ...validationErrors(kind, payload, uploads, state.options), ...notifyErrors(notify, ctx, state.options) };
  if (Object.keys(errors).length) return sendJson(res, 422, errors);

  const record = state.store.add(
    {
      kind: /** @type {import('./store.mjs').PushKind} */ (kind),
      payload: isBlank(payload) ? null : String(payload),
      passphrase: text(permitted(push, 'passphrase').value),
      name: text(permitted(push, 'name').value),
      note: text(permitted(push, 'note').value),
      owner: ctx.user?.email ?? null,
      account: account?.id ?? null,
      expireAfterDays: expireAfterDays(push, state.options),
      expireAfterViews: withinOrDefault(toInteger(permitted(push, 'expire_after_views').value), VIEWS),
      deletableByViewer: kind === 'url' ? null : flag(push, 'deletable_by_viewer'),
      retrievalStep: retrievalStep(push, kind, state.options),
      files: uploads.map((file) => ({ filename: file.filename, contentType: file.contentType, data: file.data })),
    },
    ctx.visitor,
  );
  const sent = notifyRecord(notify);
  if (sent) state.store.log(record, 'creation_email_send', ctx.visitor, { notify: sent });
  const locale = pushLocale(ctx.params.push_locale);
  const notifyEcho = sent && { ...sent, style: notify.style };
  const answer = () => sendJson(res, 201, pushJson(state.store, record, ctx.linkOrigin, { owner: true, locale, notify: notifyEcho }));
  // The push exists at once; its answer comes late or, once the client has hung up, never.
  const delay = state.options.createAnswerDelayMs;
  if (delay) return void state.sleep(delay).then(() => !res.destroyed && !res.writableEnded && answer());
  return answer();
}
