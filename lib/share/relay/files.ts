/**
 * A file push's files on their way from the popup to the background (docs/architecture.md, "Files
 * over the port"). Chrome's runtime ports carry JSON, in which a `File` arrives as `{}`, and carry
 * large messages slowly (docs/performance.md, rule 20): so in Chrome the popup posts the files to the
 * background's service worker with `postMessage`, which hands a `File` over by reference, under a
 * random id the push names. Firefox's background is an event page, not a service worker, and its
 * ports clone a `File` as it is: there the files go in the push message itself. The bytes are never
 * copied into a message and never stored.
 */

/** What a file is, without its bytes: what the push message says of each file. */
export interface FileHeader {
  name: string;
  type: string;
  lastModified: number;
  size: number;
}

/** The files as the push message carries them. */
export type SentFiles =
  /** Chrome: named here, handed to the worker under `transfer`. */
  | { files: FileHeader[]; transfer: string }
  /** Firefox: the files themselves. */
  | { files: File[] };

/** The service worker's message with a push's files. */
export interface FilesMessage {
  type: 'push:files';
  transfer: string;
  files: File[];
}

export function headerOf(file: File): FileHeader {
  return { name: file.name, type: file.type, lastModified: file.lastModified, size: file.size };
}

/** Hands `files` to the background the fastest way this browser has, and says what the push message carries. */
export async function handOver(files: File[]): Promise<SentFiles> {
  const worker = await backgroundWorker();
  if (!worker) return { files };
  const transfer = crypto.randomUUID();
  worker.postMessage({ type: 'push:files', transfer, files } satisfies FilesMessage);
  return { files: files.map(headerOf), transfer };
}

/** The extension's service worker (Chrome), which controls its pages; none in Firefox. */
async function backgroundWorker(): Promise<ServiceWorker | null> {
  try {
    return (await navigator.serviceWorker?.getRegistration())?.active ?? null;
  } catch {
    return null;
  }
}

/** The files a look for a push needs: their names, which the proof compares (lib/attempts/proof.ts); never their bytes. */
export function namedOnly(headers: readonly FileHeader[]): File[] {
  return headers.map(({ name, type, lastModified }) => new File([], name, { type, lastModified }));
}

/** Whether the files a push message carries are what `handOver` sends: headers with a transfer id, or files. */
export function isSentFiles(value: { files?: unknown; transfer?: unknown }): value is SentFiles {
  const { files, transfer } = value;
  if (!Array.isArray(files) || files.length === 0) return false;
  if (transfer === undefined) return files.every((file) => file instanceof File);
  return typeof transfer === 'string' && isFileHeaders(files);
}

/** Whether `value` is a list of file headers. */
export function isFileHeaders(value: unknown): value is FileHeader[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((header: Partial<FileHeader> | null) => {
      const { name, type, lastModified, size } = header ?? {};
      return (
        typeof name === 'string' &&
        typeof type === 'string' &&
        typeof lastModified === 'number' &&
        typeof size === 'number' &&
        Number.isSafeInteger(size) &&
        size >= 0
      );
    })
  );
}

/** Whether the files that came are the ones the push named, in order. */
export function sameFiles(headers: readonly FileHeader[], files: readonly File[]): boolean {
  return headers.length === files.length && headers.every((header, index) => sameHeader(header, headerOf(files[index]!)));
}

const sameHeader = (a: FileHeader, b: FileHeader) => a.name === b.name && a.type === b.type && a.size === b.size;
