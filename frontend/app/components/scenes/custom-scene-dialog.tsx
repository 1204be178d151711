import type { SubmissionResult } from '@conform-to/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { CustomSceneDraft } from './custom-scene-form';
import type { CustomSceneItem } from './custom-scene-grid';

// The form inside (conform, zod and the prompt checker's form) is fetched once the page has started, not before its
// first paint: the dialog is closed until a parent opens it (decision 018).
const loadDialogForm = () => import('./custom-scene-dialog-form');
const DialogForm = lazy(() => loadDialogForm().then((module) => ({ default: module.DialogForm })));

export type CustomSceneSaveResult =
  | { ok: true; intent: 'save-custom'; customScene: CustomSceneItem; created: boolean }
  | { ok: false; intent: 'save-custom'; result: SubmissionResult<string[]> };

export interface CustomSceneDialogProps {
  /** The scene being written, or null when the dialog is closed. */
  draft: CustomSceneDraft | null;
  /** Counts openings, so each one starts with a fresh fetcher and form (no errors left from the last). */
  opening: number;
  /** Where the save posts (the scene picker's action). */
  action: string;
  onClose: () => void;
  onSaved: (scene: CustomSceneItem, created: boolean) => void;
}

/**
 * The custom scene form as a modal `<dialog>`: showModal() makes the page behind it inert (a real focus trap),
 * Esc closes it, and focus goes back to the button that opened it.
 */
export function CustomSceneDialog({ draft, opening, action, onClose, onSaved }: CustomSceneDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const open = draft !== null;

  useEffect(() => {
    void loadDialogForm();
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="scene-dialog"
      aria-labelledby="scene-dialog-title"
      onClose={() => {
        onClose();
        const target = returnFocusTo.current;
        returnFocusTo.current = null;
        if (target?.isConnected) target.focus();
      }}
    >
      {draft ? (
        <Suspense fallback={null}>
          <DialogForm
            key={opening}
            draft={draft}
            opening={opening}
            action={action}
            onSaved={onSaved}
            onCancel={() => dialogRef.current?.close()}
          />
        </Suspense>
      ) : null}
    </dialog>
  );
}
