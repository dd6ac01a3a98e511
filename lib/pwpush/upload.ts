/**
 * File pushes over XMLHttpRequest: fetch reports no upload progress, and Password Pusher answers a
 * file push only after the whole body arrived (pwpush-versions.md, Create), so a fixed timeout fails
 * every big upload on a slow line. Pure like the rest of the client: the caller hands in the
 * XMLHttpRequest maker (the popup: `() => new XMLHttpRequest()`); no browser API is touched here.
 */

/** What an upload shows and how it can end early. */
export interface UploadOptions {
  xhrFactory: () => XMLHttpRequest;
  /** Bytes of the request body handed to the network so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  /** "Cancel": aborts the upload. */
  signal?: AbortSignal;
  /** Give up when no byte moved for this long. Default 30 s. */
  stallMs?: number;
}

/** How an upload ended when it ended without an answer. */
export interface UploadWatch {
  stalled: boolean;
  cancelled: boolean;
}

export const DEFAULT_STALL_MS = 30_000;
/** After the last byte left: the instance stores the files before it answers, and proxies buffer. */
const ANSWER_BYTES_PER_SECOND = 64 * 1024;

/** Longer than any upload: the stall timer, not a total one, decides. setTimeout's own limit is 2^31-1 ms. */
export const NO_TOTAL_LIMIT_MS = 2_147_483_647;

/**
 * A `fetch` for one upload, so the client's one answer-sorting path reads its answer. It rejects when
 * the upload stalls (`watch.stalled`) or is cancelled (`watch.cancelled`); the caller tells those apart.
 */
export function uploadFetch(options: UploadOptions, watch: UploadWatch): typeof fetch {
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = options.xhrFactory();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          watch.stalled = true;
          xhr.abort();
        }, ms);
      };
      const done = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', cancel);
      };
      const cancel = () => {
        watch.cancelled = true;
        xhr.abort();
      };
      xhr.open(init.method ?? 'GET', String(input));
      // `withCredentials` stays false: no cookie of the instance goes along (as `credentials: 'omit'`, reference §6).
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        arm(stallMs);
        options.onProgress?.(event.loaded, event.total);
      };
      xhr.upload.onload = (event) => arm(stallMs + (event.total / ANSWER_BYTES_PER_SECOND) * 1000);
      xhr.onload = () => {
        done();
        resolve(responseOf(xhr));
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('network error'));
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('aborted', 'AbortError'));
      };
      if (options.signal?.aborted) return cancel();
      options.signal?.addEventListener('abort', cancel);
      init.signal?.addEventListener('abort', () => xhr.abort());
      arm(stallMs);
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/** No body may go with these statuses in a Response. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function responseOf(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, { status: xhr.status, headers });
}
