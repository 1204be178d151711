// The custom scene dialog's form (custom-scene-dialog.tsx): posted by a fetcher, checked as the parent types with the
// form's one schema.
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CustomSceneSchema } from '~/forms/custom-scene';
import type { CustomSceneDialogProps, CustomSceneSaveResult } from './custom-scene-dialog';
import { CustomSceneFields } from './custom-scene-fields';
import type { CustomSceneDraft } from './custom-scene-form';

/** The form inside the open dialog; a new one (key) for each opening. */
export function DialogForm({
  draft,
  opening,
  action,
  onSaved,
  onCancel,
}: Pick<CustomSceneDialogProps, 'opening' | 'action' | 'onSaved'> & { draft: CustomSceneDraft; onCancel: () => void }) {
  const fetcher = useFetcher<CustomSceneSaveResult>({ key: `custom-scene-${opening}` });
  const handled = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: `custom-scene-${opening}`,
    lastResult: fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CustomSceneSchema }),
  });

  // Fetched after the dialog had opened (the first opening on a slow phone): the title takes focus, as the dialog's own
  // opening would have given it.
  useEffect(() => {
    const form = formRef.current;
    if (form?.closest('dialog')?.open) form.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
  }, []);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) onSaved(result.customScene, result.created);
  }, [fetcher.state, fetcher.data, onSaved]);

  return (
    <fetcher.Form ref={formRef} method="post" action={action} {...getFormProps(form)} className="scene-dialog__form">
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
