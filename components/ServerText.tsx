import { bidiSafe } from '@/lib/short-text';

interface ServerTextProps {
  text: string;
  id?: string;
  class?: string;
}

/**
 * Text from a server in an element of its own: `<bdi>` takes its direction from the text's first
 * strong character and isolates it (`unicode-bidi: isolate`), so a push's name with U+202E in it
 * cannot reorder the badge, the minutes or the words beside it. Always text, never markup.
 */
export function ServerText({ text, id, class: className }: ServerTextProps) {
  return (
    <bdi id={id} class={className}>
      {bidiSafe(text)}
    </bdi>
  );
}
