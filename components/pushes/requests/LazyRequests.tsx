import { useEffect, useState } from 'preact/hooks';
import type { FunctionComponent } from 'preact';
import { offersRequests } from '@/lib/pwpush/edition';
import { cachedCapabilities } from '@/lib/share/capabilities';
import type { Connection } from '@/lib/push-lists/loaders';
import type { RequestsSectionProps } from './RequestsSection';

/**
 * The Pushes page's requests ("Request a secret", docs/password-pusher.md#requests-request-a-secret):
 * only where the instance takes them (its cached `/version`) and a token is saved, and then loaded
 * on demand, so that the page opens as before everywhere else.
 */
export function LazyRequests({ connection }: { connection: Connection | null | undefined }) {
  const [Section, setSection] = useState<FunctionComponent<RequestsSectionProps> | null>(null);
  const baseUrl = connection?.token ? connection.baseUrl : '';
  useEffect(() => {
    if (!baseUrl) return;
    let live = true;
    void cachedCapabilities(baseUrl).then(async (info) => {
      if (!live || !offersRequests(info)) return;
      const { RequestsSection } = await import('./RequestsSection');
      if (live) setSection(() => RequestsSection);
    });
    return () => {
      live = false;
    };
  }, [baseUrl]);
  return Section && connection ? <Section connection={connection} /> : null;
}
