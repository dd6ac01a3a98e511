import { vi } from 'vitest';

/**
 * Counts what IndexedDB hands out (fake-indexeddb's objects are the globals in tests): records
 * returned by `getAll`/`get` and cursor steps, and the writes (`put`, `delete`). How much a read
 * costs grows with these, whatever the machine.
 */
export interface IdbCounts {
  /** Records read: each `getAll` result, `get`, cursor opened or moved. */
  records: number;
  /** `getAll` calls on the store or an index. */
  getAlls: number;
  puts: number;
  deletes: number;
  /** Read-write transactions begun. */
  writeTransactions: number;
}

export function countIdb(): IdbCounts {
  const counts: IdbCounts = { records: 0, getAlls: 0, puts: 0, deletes: 0, writeTransactions: 0 };
  const onSuccess = (request: IDBRequest, add: (result: unknown) => number) => {
    request.addEventListener('success', () => {
      counts.records += add(request.result);
    });
    return request;
  };
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    const getAll = proto.getAll;
    vi.spyOn(proto, 'getAll').mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
      counts.getAlls += 1;
      return onSuccess((getAll as (...a: unknown[]) => IDBRequest).apply(this, args), (result) => (result as unknown[]).length);
    });
    const get = proto.get;
    vi.spyOn(proto, 'get').mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
      return onSuccess((get as (...a: unknown[]) => IDBRequest).apply(this, args), (result) => (result === undefined ? 0 : 1));
    });
    // A cursor's request succeeds again at every step; its methods stay untouched, since idb
    // recognises them by identity.
    const openCursor = proto.openCursor;
    vi.spyOn(proto, 'openCursor').mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
      return onSuccess((openCursor as (...a: unknown[]) => IDBRequest).apply(this, args), (result) => (result ? 1 : 0));
    });
  }
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
    counts.puts += 1;
    return (put as (...a: unknown[]) => IDBRequest).apply(this, args);
  });
  const remove = IDBObjectStore.prototype.delete;
  vi.spyOn(IDBObjectStore.prototype, 'delete').mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
    counts.deletes += 1;
    return (remove as (...a: unknown[]) => IDBRequest).apply(this, args);
  });
  const transaction = IDBDatabase.prototype.transaction;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: unknown[]) {
    if (args[1] === 'readwrite') counts.writeTransactions += 1;
    return (transaction as (...a: unknown[]) => IDBTransaction).apply(this, args);
  });
  return counts;
}
