import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { STEPS, type Step } from './useWelcome';

/**
 * A step's heading, "Step 2 of 3: …". It takes the focus when the person moved to its step, so a
 * screen reader starts reading there and a keyboard goes on from it.
 */
export function StepHeading({ step, text, focus }: { step: Step; text: string; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses once, when the step appears
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, []);
  return (
    <h2 id="step-heading" ref={heading} tabIndex={-1}>
      {t('welcomeStepOf', STEPS.indexOf(step) + 1, STEPS.length, text)}
    </h2>
  );
}
