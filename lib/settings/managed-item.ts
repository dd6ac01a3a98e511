import { browser } from 'wxt/browser';
import { NO_POLICY, POLICY_KEY, type ManagedPolicy, type PolicyReading } from './managed';
import { sameJson, storage, type StorageItem } from './storage-item';

/**
 * The policy's checked copy, as the background keeps it (./policy-mirror.ts); pages read it, never
 * write it. Read through `policyIn`, which takes what is not a kept copy for none.
 */
export const keptPolicy = /* @__PURE__ */ storage.defineItem<PolicyReading>(`local:${POLICY_KEY}`, { fallback: NO_POLICY, version: 1 });

/** The policy's checked copy among values read from `local`; none when the background has kept none. */
export function policyIn(local: Record<string, unknown>): PolicyReading {
  const kept = local[POLICY_KEY] as PolicyReading | undefined;
  return kept && typeof kept.policy === 'object' && kept.policy !== null ? kept : NO_POLICY;
}

/**
 * A setting an organisation may set (./managed.ts): read, it gives the value in force, from the
 * person's stored value and the policy's copy, both in one read of `local`; written, it keeps the
 * person's value, which is in force again once the policy no longer sets it.
 */
class ManagedItem<T> implements StorageItem<T> {
  readonly key: StorageItem<T>['key'];
  readonly fallback: T;
  readonly inForce: NonNullable<StorageItem<T>['inForce']>;

  constructor(
    private readonly stored: StorageItem<T>,
    ruling: (stored: T, policy: ManagedPolicy) => T,
  ) {
    this.key = stored.key;
    this.fallback = stored.fallback;
    this.inForce = { key: POLICY_KEY, value: (value, local) => ruling(value, policyIn(local).policy) };
  }

  async getValue(): Promise<T> {
    const [value] = await storage.getItems([this] as const);
    return value as T;
  }

  setValue(value: T | null): Promise<void> {
    return this.stored.setValue(value);
  }

  removeValue(): Promise<void> {
    return this.stored.removeValue();
  }

  /** Told when the value in force changes: with the person's value or with the policy. */
  watch(callback: (newValue: T, oldValue: T) => void): () => void {
    const name = this.key.slice(this.key.indexOf(':') + 1);
    let last = this.getValue();
    const listener = (changes: Record<string, unknown>) => {
      if (!(name in changes) && !(POLICY_KEY in changes)) return;
      const before = last;
      last = this.getValue();
      void Promise.all([last, before]).then(([now, old]) => {
        if (!sameJson(now, old)) callback(now, old);
      });
    };
    browser.storage.local.onChanged.addListener(listener);
    return () => browser.storage.local.onChanged.removeListener(listener);
  }
}

/** `stored` (an item in `local`) with the organisation's `ruling` over it. */
export function managedItem<T>(stored: StorageItem<T>, ruling: (stored: T, policy: ManagedPolicy) => T): StorageItem<T> {
  return new ManagedItem(stored, ruling);
}
