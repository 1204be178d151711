import { useEffect, useState } from 'react';
import { TOAST_DURATIONS_MS } from '@colouring/domain';

export interface ToastView {
  id: string;
  type: 'blank' | 'error' | 'success' | 'loading' | 'custom';
  title?: string;
  description: string;
}

// Server-rendered, so a toast shows without JavaScript; a CSS animation hides it after its duration either way.
export function Toaster({ toasts }: { toasts: readonly ToastView[] }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const visible = toasts.filter((toast) => !dismissed.has(toast.id));
  return (
    <div className="toaster" aria-live="polite">
      {visible.map((toast) => {
        const duration = TOAST_DURATIONS_MS[toast.type];
        return (
          <div
            key={toast.id}
            className={`toast toast--${toast.type}`}
            role={toast.type === 'error' ? 'alert' : 'status'}
            style={Number.isFinite(duration) ? { animationDelay: `0ms, ${duration}ms` } : { animationName: 'toast-in' }}
          >
            <div className="toast__body">
              {toast.title ? <p className="toast__title">{toast.title}</p> : null}
              <p>{toast.description}</p>
            </div>
            {hydrated ? (
              <button
                type="button"
                className="toast__close"
                aria-label="Dismiss message"
                onClick={() => setDismissed((previous) => new Set(previous).add(toast.id))}
              >
                ×
              </button>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
