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

/** @param {import('node:http').IncomingMessage} req @returns {Promise<Buffer>} */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > BODY_LIMIT) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
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

/** @param {URLSearchParams} search */
export function nestedParams(search) {
  /** @type {Record<string, unknown>} */
  const params = {};
  for (const [name, value] of search) assignParam(params, name, value);
  return params;
}

/** @param {string} header @param {string} key */
function dispositionParam(header, key) {
  const match = new RegExp(`(?:^|;)\\s*${key}="([^"]*)"`, 'i').exec(header);
  return match ? match[1] ?? '' : null;
}

/**
 * Minimal multipart/form-data reader: enough for `push[...]` fields and `push[files][]` uploads.
 * Browsers send an empty file part for an empty file input; Rails drops it, so do we.
 * @param {Buffer} body @param {string} boundary
 */
export function parseMultipart(body, boundary) {
  /** @type {Record<string, unknown>} */
  const params = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const start = position + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    position = next;
    if (headerEnd === -1) continue;
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const data = part.subarray(headerEnd + 4);
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = dispositionParam(disposition, 'name');
    const filename = dispositionParam(disposition, 'filename');
    if (name === null) continue;
    if (filename === null) assignParam(params, name, data.toString('utf8'));
    else if (filename !== '') {
      const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() || 'application/octet-stream';
      assignParam(params, name, new Upload(filename, contentType, Buffer.from(data)));
    }
  }
  return params;
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
 * @returns {ParsedBody}
 */
export function parseBody(raw, contentType, query) {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
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
  } else if (type === 'multipart/form-data') {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
    body = boundary ? parseMultipart(raw, boundary) : {};
    logged = forLog(body);
  } else if (type === 'application/x-www-form-urlencoded') {
    body = nestedParams(new URLSearchParams(raw.toString('utf8')));
    logged = body;
  }
  // ActionDispatch: `request_parameters.merge(query_parameters)`, a shallow merge where the query wins.
  return { params: { ...body, ...nestedParams(query) }, logged, malformed };
}
