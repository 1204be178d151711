import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CustomSceneSchema } from '~/forms/custom-scene';
import { CustomSceneFields } from './custom-scene-fields';
import type { CustomSceneDraft } from './custom-scene-form';
import type { CustomSceneItem } from './custom-scene-grid';

export type CustomSceneSaveResult =
  | { ok: true; intent: 'save-custom'; customScene: CustomSceneItem; created: boolean }
  | { ok: false; intent: 'save-custom'; result: SubmissionResult<string[]> };

interface Props {
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
export function CustomSceneDialog({ draft, opening, action, onClose, onSaved }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const open = draft !== null;

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
        <DialogForm
          key={opening}
          draft={draft}
          opening={opening}
          action={action}
          onSaved={onSaved}
          onCancel={() => dialogRef.current?.close()}
        />
      ) : null}
    </dialog>
  );
}

function DialogForm({
  draft,
  opening,
  action,
  onSaved,
  onCancel,
}: Pick<Props, 'opening' | 'action' | 'onSaved'> & { draft: CustomSceneDraft; onCancel: () => void }) {
  const fetcher = useFetcher<CustomSceneSaveResult>({ key: `custom-scene-${opening}` });
  const handled = useRef<unknown>(null);
  const [form, fields] = useForm({
    id: `custom-scene-${opening}`,
    lastResult: fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CustomSceneSchema }),
  });

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) onSaved(result.customScene, result.created);
  }, [fetcher.state, fetcher.data, onSaved]);

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="scene-dialog__form">
      <header className="scene-dialog__header">
        <h2 id="scene-dialog-title">{draft.id ? 'Edit your scene' : 'Create a custom scene'}</h2>
        <button type="button" className="icon-button scene-dialog__close" aria-label="Close" onClick={onCancel}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <input type="hidden" name="js" value="1" />
      <CustomSceneFields
        key={draft.id || 'new'}
        initial={draft}
        errors={{ title: fields.title.errors?.[0], userPrompt: fields.userPrompt.errors?.[0], form: form.errors?.[0] }}
        hydrated
        saveIntent="save-custom"
        busy={fetcher.state !== 'idle'}
        idPrefix="dialog"
        onCancel={onCancel}
      />
    </fetcher.Form>
  );
}
