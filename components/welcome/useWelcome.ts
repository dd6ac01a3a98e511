import { useEffect, useState } from 'preact/hooks';
import { getManagedPolicy, instanceUrl, type ManagedPolicy } from '@/lib/settings';
import type { CheckedInstance } from '../options/useInstanceSettings';

export type Step = 'instance' | 'token' | 'push';
export const STEPS: Step[] = ['instance', 'token', 'push'];

export interface WelcomeState {
  /** null until the stored instance and the organisation's policy are read. */
  start: { storedOrigin: string; policy: ManagedPolicy } | null;
  step: Step;
  /** The instance chosen in the first step, and what it said it is. */
  instance: CheckedInstance | null;
  /** A step was moved to by the person (not the page opening): its heading takes the focus. */
  moved: boolean;
  go: (step: Step, instance?: CheckedInstance) => void;
}

/**
 * The first run's three steps (components/welcome/WelcomePage.tsx): the instance, an optional
 * token, a first push. Each step keeps what it does in storage as it goes (the instance and its
 * host access, the token), so closing the tab midway leaves a working setup, and the settings page
 * shows what was chosen.
 */
export function useWelcome(): WelcomeState {
  const [start, setStart] = useState<WelcomeState['start']>(null);
  const [step, setStep] = useState<Step>('instance');
  const [instance, setInstance] = useState<CheckedInstance | null>(null);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    void Promise.all([instanceUrl.getValue(), getManagedPolicy()]).then(([storedOrigin, { policy }]) => setStart({ storedOrigin, policy }));
  }, []);

  return {
    start,
    step,
    instance,
    moved,
    go(next, checked) {
      if (checked) setInstance(checked);
      setMoved(true);
      setStep(next);
    },
  };
}
