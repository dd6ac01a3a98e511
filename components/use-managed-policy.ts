import { useEffect, useState } from 'preact/hooks';
import { getManagedPolicy, managedPolicy, type ManagedPolicy, type PolicyReading } from '@/lib/settings';
import { NO_POLICY } from '@/lib/settings/managed';

/**
 * The organisation's policy as the background keeps it (lib/settings/policy-mirror.ts), with what
 * it refused: read once, then again whenever the background writes a new copy (an administrator
 * changed the policy while the page is open).
 */
export function usePolicyReading(): PolicyReading {
  const [reading, setReading] = useState<PolicyReading>(NO_POLICY);
  useEffect(() => {
    const read = () => void getManagedPolicy().then(setReading);
    read();
    return managedPolicy.watch(read);
  }, []);
  return reading;
}

/** The policy alone, for the pages that show what it locks. */
export function useManagedPolicy(): ManagedPolicy {
  return usePolicyReading().policy;
}
