// A request's web page on the commercial edition, `/r/<token>` (docs/password-pusher.md#requests-request-a-secret):
// GET shows what is asked and a form, POST answers it. The OSS edition (and a token that names no
// request) keeps the legacy `/r/` redirect to `/p/`.
import { sendHtml } from '../respond.mjs';
import { answerRequest } from './requests.mjs';

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** @param {string} body */
const page = (body) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Password Pusher</title></head>\n<body>\n${body}\n</body>\n</html>\n`;

/**
 * @param {import('../respond.mjs').Ctx} ctx @param {import('../respond.mjs').ServerState} state
 * @returns {boolean} whether the request was a request page's
 */
export function serveRequestPage(ctx, state) {
  if (state.options.edition !== 'commercial' || state.options.requestsEnabled === false) return false;
  const match = /^\/r\/([a-z0-9_-]+)$/i.exec(ctx.path);
  const record = match ? state.secretRequests.find(match[1] ?? '') : null;
  if (!record || (ctx.method !== 'GET' && ctx.method !== 'POST')) return false;
  if (record.closed) {
    sendHtml(ctx.res, 200, page('<h1>Password Pusher</h1>\n<p>This request has been closed.</p>'));
    return true;
  }
  if (ctx.method === 'POST') {
    const payload = typeof ctx.params.payload === 'string' ? ctx.params.payload : '';
    const push = answerRequest(state, record.urlToken, payload, ctx.visitor);
    sendHtml(ctx.res, push ? 200 : 422, page(push ? '<p>Your secret was sent.</p>' : '<p>Type the secret to send.</p>'));
    return true;
  }
  const asked = escapeHtml(record.text);
  sendHtml(
    ctx.res,
    200,
    page(
      `<h1>Someone asks you for a secret</h1>\n<p>${asked}</p>\n<form method="post"><label>Secret <textarea name="payload"></textarea></label><button>Send securely</button></form>`,
    ),
  );
  return true;
}
