import { useEffect, useState } from 'preact/hooks';
import { getManagedPolicy, managedPolicy, type ManagedPolicy } from '@/lib/settings';

/**
 * The organisation's policy as the background keeps it (lib/settings/policy-mirror.ts), for the
 * pages that show what it locks: read once, then again whenever the background writes a new copy
 * (an administrator changed the policy while the page is open).
 */
export function useManagedPolicy(): ManagedPolicy {
  const [policy, setPolicy] = useState<ManagedPolicy>({});
  useEffect(() => {
    const read = () => void getManagedPolicy().then((reading) => setPolicy(reading.policy));
    read();
    return managedPolicy.watch(read);
  }, []);
  return policy;
}
