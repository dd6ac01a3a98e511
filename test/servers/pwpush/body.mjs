// Request parameters the way Rails builds `params`: JSON, urlencoded or multipart bodies with
// Rack's bracket names (`push[files][]`), then the query string merged over them.

const BODY_LIMIT = 64 * 1024 * 1024;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A file part of a multipart body. */
export class Upload {
  /** @param {string} filename @param {string} contentType @param {Buffer} data */
  constructor(filename, contentType, data) {
    this.filename = filename;
    this.contentType = contentType;
    this.data = data;
  }
}

/**
 * @typedef {object} ParsedBody
 * @property {Record<string, unknown>} params
 * @property {unknown} logged what the request log shows (files as `{filename, size}`)
 * @property {boolean} malformed the body claimed JSON but did not parse
 */

/**
 * The whole body. Past BODY_LIMIT the connection is dropped: at once when the Content-Length says so,
 * else as soon as that much has come.
 * @param {import('node:http').IncomingMessage} req @returns {Promise<Buffer>}
 */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    const tooLarge = () => req.destroy(new Error('request body too large'));
    req.on('error', reject);
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) return void tooLarge();
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > BODY_LIMIT) tooLarge();
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Upload);
}

/**
 * Stores `value` under a Rack-style name: `a[b][c]` nests, a final `[]` appends to an array.
 * @param {Record<string, unknown>} target @param {string} name @param {unknown} value
 */
export function assignParam(target, name, value) {
  const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(name);
  const keys = match ? [match[1] ?? '', ...[...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')] : [name];
  if (keys.some((key) => UNSAFE_KEYS.has(key))) return;
  /** @type {any} */
  let node = target;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = /** @type {string} */ (keys[i]);
    const wantArray = keys[i + 1] === '';
    const child = node[key];
    const fits = wantArray ? Array.isArray(child) : isPlainObject(child);
    if (!fits) node[key] = wantArray ? [] : {};
    node = node[key];
  }
  const last = /** @type {string} */ (keys[keys.length - 1]);
  if (last === '' && Array.isArray(node)) node.push(value);
  else node[last] = value;
}

/** @param {Iterable<[string, unknown]>} entries */
export function nestedParams(entries) {
  /** @type {Record<string, unknown>} */
  const params = {};
  for (const [name, value] of entries) assignParam(params, name, value);
  return params;
}

/**
 * A multipart or urlencoded body, read by the platform's `Request.formData()`. Browsers send a file part
 * with an empty filename for an empty file input; Rack drops it, so do we.
 * @param {Buffer} raw @param {string} contentType
 */
async function formParams(raw, contentType) {
  // Buffer's type allows a SharedArrayBuffer underneath, which a Request body may not have; readBody's never does.
  const body = /** @type {Uint8Array<ArrayBuffer>} */ (raw);
  let form;
  try {
    form = await new Request('http://localhost/', { method: 'POST', headers: { 'Content-Type': contentType }, body }).formData();
  } catch (error) {
    // A body that does not parse (no boundary, a boundary it does not use, cut short) gives no parameters.
    if (error instanceof TypeError) return {};
    throw error;
  }
  /** @type {Array<[string, unknown]>} */
  const entries = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') entries.push([name, value]);
    else if (value.name !== '') {
      const data = Buffer.from(await value.arrayBuffer());
      entries.push([name, new Upload(value.name, value.type || 'application/octet-stream', data)]);
    }
  }
  return nestedParams(entries);
}

/** @param {unknown} value @returns {unknown} */
function forLog(value) {
  if (value instanceof Upload) return { filename: value.filename, size: value.data.length };
  if (Array.isArray(value)) return value.map(forLog);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, forLog(item)]));
  return value;
}

/**
 * @param {Buffer} raw @param {string | null} contentType @param {URLSearchParams} query
 * @returns {Promise<ParsedBody>}
 */
export async function parseBody(raw, contentType, query) {
  const header = contentType ?? '';
  const type = header.split(';')[0]?.trim().toLowerCase() ?? '';
  /** @type {Record<string, unknown>} */
  let body = {};
  /** @type {unknown} */
  let logged = raw.length ? raw.toString('utf8') : null;
  let malformed = false;
  if ((type === 'application/json' || type.endsWith('+json')) && raw.length) {
    try {
      const value = JSON.parse(raw.toString('utf8'));
      body = isPlainObject(value) ? value : { _json: value };
      logged = value;
    } catch {
      malformed = true;
    }
  } else if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    body = await formParams(raw, header);
    logged = forLog(body);
  }
  // ActionDispatch: `request_parameters.merge(query_parameters)`, a shallow merge where the query wins.
  return { params: { ...body, ...nestedParams(query) }, logged, malformed };
}
