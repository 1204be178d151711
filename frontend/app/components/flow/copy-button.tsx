import { COPY_CONFIRMATION_MS } from '@colouring/domain';
import { useEffect, useState } from 'react';
import { trackEvent } from '~/utils/analytics';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Older browsers and plain-http pages have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** Copies the text; 'Copied!' shows (and is announced) for 2 seconds. Rendered only with JavaScript. */
export function CopyButton({ text, label, describedBy }: { text: string; label: string; describedBy?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <>
      <button
        type="button"
        className="button button--secondary copy-button"
        aria-describedby={describedBy}
        onClick={() =>
          copyText(text).then(
            () => {
              setState('copied');
              trackEvent({ category: 'copy', label });
            },
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? 'Copied!' : label}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copying didn’t work. Please select the code and copy it.' : ''}
      </span>
    </>
  );
}
