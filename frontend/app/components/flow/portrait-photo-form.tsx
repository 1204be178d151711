// The form of the two products that start from a photo of the child (/create and /dot-to-dot), with and without
// JavaScript: step 1 the photo, step 2 the square crop, the child's name and the email.
import { Form, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { COMPLETE_REQUIRED_FIELDS, SESSION_MESSAGES } from '@colouring/domain';
import { lazy, Suspense, useEffect } from 'react';
import { Toaster } from '~/components/toaster';
import { Button } from '~/components/ui/button';
import { ErrorList, FormError, problemsOf } from '~/components/ui/error-list';
import { Field } from '~/components/ui/field';
import { CREATE_CONSTRAINTS, CREATE_FIELDS, createSchemaFor, detailsSchemaFor, type PortraitProduct } from '~/forms/create';
import type { portraitPhotoAction } from './portrait-photo-action.server';
import { PhotoDropZone } from './photo-drop-zone';
import { PhotoSecurityNote, PhotoTips } from './photo-tips';
import { StepIndicator } from './step-indicator';
import { useHydrated } from './use-hydrated';
import { usePhotoStep } from './use-photo-step';

// The cropper (react-easy-crop) is needed only once a photo is chosen: fetched after the page has started, not before
// its first paint.
const loadCropper = () => import('./photo-cropper');
const PhotoCropper = lazy(() => loadCropper().then((module) => ({ default: module.PhotoCropper })));

const STEPS = [{ label: 'Upload a photo' }, { label: 'Highlight your child' }] as const;
const EMAIL_HINT = "We'll send your colouring pages here. No spam, ever.";

export interface PortraitPhotoFormProps {
  product: PortraitProduct;
  /** The route the form posts to. */
  action: string;
  submitLabel: string;
}

export function PortraitPhotoForm({ product, action, submitLabel }: PortraitPhotoFormProps) {
  const schema = createSchemaFor(product);
  const detailsSchema = detailsSchemaFor(product);
  const actionData = useActionData<typeof portraitPhotoAction>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const enhanced = useHydrated();
  const result = actionData?.result;
  const { step, photo, photoError, crop, setCrop, checking, toasts, inputRef, step1HeadingRef, step2HeadingRef, onFile, dropPhoto } =
    usePhotoStep(result?.error?.photo?.[0] ?? null);

  const [form, fields] = useForm({
    id: product === 'dot_to_dot' ? 'dot-to-dot' : 'create',
    lastResult: result,
    constraint: CREATE_CONSTRAINTS,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // With JavaScript the photo and its crop live in the page rather than in the form's inputs.
    onValidate({ formData }) {
      if (photo) formData.set('photo', photo.file, photo.file.name);
      if (crop) formData.set('crop', JSON.stringify(crop));
      return parseWithZod(formData, { schema });
    },
    onSubmit(event, { formData }) {
      if (!enhanced) return;
      event.preventDefault();
      if (!photo || !crop) return;
      // Text first and the photo last, so the server has the fields even if the photo part is refused for size.
      const body = new FormData();
      body.set('childName', String(formData.get('childName') ?? ''));
      body.set('email', String(formData.get('email') ?? ''));
      body.set('crop', JSON.stringify(crop));
      body.set('photo', photo.file, photo.file.name);
      submit(body, { method: 'post', encType: 'multipart/form-data' });
    },
  });

  const busy =
    navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction?.startsWith(action) === true;

  // On a slow phone the parent may pick a photo or type before the script has started: carry that over.
  useEffect(() => {
    if (!enhanced) return;
    void loadCropper();
    for (const name of ['childName', 'email'] as const) {
      const typed = (document.getElementById(name) as HTMLInputElement | null)?.value;
      if (typed && typed !== fields[name].value) form.update({ name, value: typed });
    }
    const early = inputRef.current?.files?.[0];
    if (early) void onFile(early);
    // Once, when the script takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- later changes of these values must not re-run it
  }, [enhanced]);

  // What the server said after a submit (with JavaScript): a photo problem means choosing another photo.
  useEffect(() => {
    const errors = result?.error;
    if (!errors) return;
    if (errors.photo?.length) dropPhoto(errors.photo[0]);
    else if (errors.childName?.length) document.getElementById('childName')?.focus();
    else if (errors.email?.length) document.getElementById('email')?.focus();
    // Runs once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dropPhoto never changes
  }, [result]);

  const ready = Boolean(photo && crop) && detailsSchema.safeParse({ childName: fields.childName.value, email: fields.email.value }).success;
  const allToasts = [...(actionData?.toast ? [actionData.toast] : []), ...toasts];
  const showStep1 = !enhanced || step === 1;
  const showStep2 = !enhanced || step === 2;

  return (
    <>
      <Toaster toasts={allToasts} />
      <StepIndicator steps={STEPS} current={enhanced ? step : 1} />

      {enhanced ? null : (
        <ErrorList
          id="create-errors"
          problems={problemsOf(CREATE_FIELDS, {
            photo: fields.photo.errors,
            childName: fields.childName.errors,
            email: fields.email.errors,
          })}
        />
      )}

      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="create-form">
        <section className="form-card flow-step" hidden={!showStep1} aria-labelledby="step1-title">
          <h2 id="step1-title" ref={step1HeadingRef} tabIndex={-1} className="flow-step__title">
            <span className="flow-step__number" aria-hidden="true">
              1
            </span>
            Upload a photo of your child
          </h2>
          <PhotoDropZone ref={inputRef} enhanced={enhanced} error={photoError} onFile={onFile} />
          {!enhanced && result && !fields.photo.errors ? (
            // A browser never refills a file input after a round trip, and we keep no photo.
            <p className="field__hint">Please choose your photo again: we don’t keep it while you fix the other fields.</p>
          ) : null}
          {checking ? (
            <p className="field__hint" role="status">
              Checking your photo…
            </p>
          ) : null}
          <PhotoSecurityNote />
          <PhotoTips />
        </section>

        <section className="form-card flow-step" hidden={!showStep2} aria-labelledby="step2-title">
          <h2 id="step2-title" ref={step2HeadingRef} tabIndex={-1} className="flow-step__title">
            <span className="flow-step__number" aria-hidden="true">
              2
            </span>
            Highlight your child
          </h2>
          {enhanced && photo ? (
            <>
              <Suspense fallback={<div className="cropper__stage" />}>
                <PhotoCropper imageUrl={photo.url} onCropPixels={setCrop} />
              </Suspense>
              <p>
                <button type="button" className="link-button" onClick={() => dropPhoto()}>
                  Upload a different photo
                </button>
              </p>
            </>
          ) : (
            <p className="field__hint">We’ll centre the square crop on your child’s face for you.</p>
          )}

          <Field id="childName" label="Child’s name" errors={fields.childName.errors}>
            {(control) => (
              <input
                {...getInputProps(fields.childName, { type: 'text', ariaAttributes: false })}
                {...control}
                placeholder="E.g. Lily"
                autoComplete="off"
                // Checked when the parent leaves a name they typed, then on every change.
                onBlur={(event) => {
                  if (event.currentTarget.value !== '') form.validate({ name: 'childName' });
                }}
              />
            )}
          </Field>

          <Field id="email" label="Your email" hint={EMAIL_HINT} errors={fields.email.errors}>
            {(control) => (
              <input
                {...getInputProps(fields.email, { type: 'email', ariaAttributes: false })}
                {...control}
                inputMode="email"
                autoComplete="email"
                // Checked live on every change (SPEC §5).
                onInput={() => form.validate({ name: 'email' })}
              />
            )}
          </Field>

          <FormError errors={form.errors} />

          <Button
            size="large"
            className="flow-submit"
            disabled={enhanced && (busy || !ready)}
            aria-describedby={enhanced && !ready && !busy ? 'create-guard' : undefined}
          >
            {busy ? SESSION_MESSAGES.creating : submitLabel}
          </Button>
          {enhanced && !ready && !busy ? (
            <p id="create-guard" className="field__hint flow-guard">
              {COMPLETE_REQUIRED_FIELDS}
            </p>
          ) : null}
          {busy ? (
            <p className="visually-hidden" role="status">
              {SESSION_MESSAGES.creating}
            </p>
          ) : null}
        </section>
      </Form>
    </>
  );
}
