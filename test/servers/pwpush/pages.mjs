// The HTML a Password Pusher instance (or something in front of it) answers. Never contains a payload.

/** @param {string} title @param {string} body */
const page = (title, body) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${title}</title></head>\n<body>\n${body}\n</body>\n</html>\n`;

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** @param {boolean} retrievalStep */
export const secretLinkPage = (retrievalStep) =>
  page(
    'Password Pusher',
    retrievalStep
      ? '<h1>Password Pusher</h1>\n<p>This is a secret link page. Someone has sent you a secret.</p>\n<p><a href="?">Click here to retrieve it</a></p>'
      : '<h1>Password Pusher</h1>\n<p>This is a secret link page. The secret is shown here once and then it is gone.</p>',
  );

export const expiredPage = () => page('Password Pusher', '<h1>Password Pusher</h1>\n<p>This secret link has expired.</p>');

export const homePage = () =>
  page('Password Pusher', '<h1>Password Pusher</h1>\n<p>Securely share sensitive information with automatic expiration and deletion.</p>');

export const firstRunPage = () =>
  page(
    'Password Pusher',
    '<h1>Welcome to Password Pusher</h1>\n<p>Create the first administrator account to finish setting up this instance.</p>',
  );

/** Devise's sign-in page: where `/users/token` sends a browser without a session. */
export const signInPage = () => page('Password Pusher', '<h1>Log in</h1>\n<p>Sign in to see or make your API token.</p>');

/** Rails' answer to an HTML request on a JSON-only action (ActionController::UnknownFormat). */
export const notAcceptablePage = () =>
  page('Password Pusher', '<h1>Password Pusher</h1>\n<p>The page you were looking for is not available in this format.</p>');

/** Rails' `/up` health check. */
export const healthPage = () => '<!DOCTYPE html><html><body style="background-color: green"></body></html>';

/** @param {string} path */
export const notFoundPage = (path) =>
  page(
    "The page you were looking for doesn't exist (404)",
    `<h1>The page you were looking for doesn't exist.</h1>\n<p>You may have mistyped the address or the page may have moved: ${escapeHtml(path)}</p>`,
  );

/** Rails' production `public/500.html`. */
export const serverErrorPage = () =>
  page(
    "We're sorry, but something went wrong (500)",
    '<div class="dialog"><h1>We\'re sorry, but something went wrong.</h1></div>\n<p>If you are the application owner check the logs for more information.</p>',
  );

/** What a captive portal or a misconfigured proxy answers instead of the API. */
export const portalPage = () =>
  page('Sign in to the network', '<h1>Welcome to Guest Wi-Fi</h1>\n<p>Please accept the terms of use to continue.</p>');
