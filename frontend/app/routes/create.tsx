import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node';
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node';
import { Form, Link, useActionData, useNavigation, useSubmit } from '@remix-run/react';
import {
  CHILD_NAME_MAX_LENGTH,
  checkPhotoFile,
  COMPLETE_REQUIRED_FIELDS,
  EMAIL_MAX_LENGTH,
  FILE_PROCESS_FAILED,
  PHOTO_MESSAGES,
  SESSION_MESSAGES,
  userMessageFor,
  validateChildName,
  validateEmail,
} from '@colouring/domain';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { checkPhotoInBrowser } from '~/components/flow/check-photo';
import { PhotoCropper, type CropPixels } from '~/components/flow/photo-cropper';
import { PhotoDropZone } from '~/components/flow/photo-drop-zone';
import { PhotoSecurityNote, PhotoTips } from '~/components/flow/photo-tips';
import { StepIndicator } from '~/components/flow/step-indicator';
import { useHydrated } from '~/components/flow/use-hydrated';
import { Toaster, type ToastView } from '~/components/toaster';
import flowStyles from '~/styles/flow.css?url';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';
import { keepMagicCode } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Create', path: '/create' },
];

const STEPS = [{ label: 'Upload a photo' }, { label: 'Highlight your child' }] as const;

// The photo rule allows 5 MB; a little more is read so the domain, not the parser, names a slightly larger file.
const MAX_PART_BYTES = 6 * 1024 * 1024;
// The form sends four parts (childName, email, crop, photo): one with many more did not come from it.
const MAX_PARTS = 8;
const EMAIL_HINT = "We'll send your colouring pages here. No spam, ever.";

type Field = 'photo' | 'childName' | 'email';
type CreateErrors = Partial<Record<Field, string>>;
interface CreateValues {
  childName: string;
  email: string;
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: flowStyles }];

export function loader() {
  return data(null, { headers: cacheControl(CACHE_NEVER) });
}

function errorToast(description: string): ToastView {
  return { id: crypto.randomUUID(), type: 'error', description };
}

function reply(values: CreateValues, errors: CreateErrors, formError: string | null, status: number) {
  const toastMessage = errors.photo ?? formError;
  return data(
    { values, errors, formError, toast: toastMessage ? errorToast(toastMessage) : null },
    { status, headers: cacheControl(CACHE_NEVER) },
  );
}

/** The cropper's rectangle, only when it is four finite non-negative numbers; otherwise the server crops. */
function cropFrom(raw: FormDataEntryValue | null): CropPixels | null {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const { x, y, width, height } = JSON.parse(raw) as Record<string, unknown>;
    const numbers = [x, y, width, height];
    if (!numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0)) return null;
    const [left, top, w, h] = numbers.map(Math.round);
    return w > 0 && h > 0 ? { x: left, y: top, width: w, height: h } : null;
  } catch {
    return null;
  }
}

class TooManyPartsError extends Error {}

/** Each part at most MAX_PART_BYTES, and at most MAX_PARTS of them (the page layer caps the whole body too). */
function limitedUploadHandler(): UploadHandler {
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_PART_BYTES });
  let parts = 0;
  return (part) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new TooManyPartsError();
    return memory(part);
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, limitedUploadHandler());
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return reply({ childName: '', email: '' }, { photo: PHOTO_MESSAGES.tooLarge }, null, 400);
    }
    if (error instanceof TypeError || error instanceof TooManyPartsError) {
      return reply({ childName: '', email: '' }, { photo: PHOTO_MESSAGES.validationFailed }, null, 400);
    }
    throw error;
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values: CreateValues = { childName: text('childName'), email: text('email') };
  const upload = form.get('photo');
  // An empty file input still sends a part, with no name and no bytes.
  const photo = upload instanceof File && (upload.size > 0 || upload.name !== '') ? upload : null;

  // The cheap rules first, so every field's message shows at once; the API checks them all again and decides.
  const errors: CreateErrors = {};
  const childName = validateChildName(values.childName);
  if (!childName.ok) errors.childName = childName.message;
  const email = validateEmail(values.email);
  if (!email.ok) errors.email = email.message;
  if (!photo) {
    errors.photo = COMPLETE_REQUIRED_FIELDS;
  } else {
    const head = new Uint8Array(await photo.slice(0, 16).arrayBuffer());
    const facts = checkPhotoFile({ type: photo.type, size: photo.size, name: photo.name, head });
    if (!facts.ok) errors.photo = facts.message;
  }
  if (!childName.ok || !email.ok || !photo || errors.photo) return reply(values, errors, null, 400);

  const upstream = new FormData();
  upstream.set('childName', values.childName);
  upstream.set('email', values.email);
  const crop = cropFrom(form.get('crop'));
  if (crop) upstream.set('crop', JSON.stringify(crop));
  upstream.set('photo', photo, photo.name);

  try {
    const created = await api(request, context).createSession(upstream);
    const headers = new Headers({ 'set-cookie': await keepMagicCode(created.magicCode) });
    return redirectWithToast(
      '/choose-scenes',
      { type: 'success', description: `Photo uploaded! Now choose ${childName.value}’s scenes.` },
      { status: 303, headers },
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    const apiErrors: CreateErrors = {};
    for (const field of ['photo', 'childName', 'email'] as const) {
      const message = error.fieldErrors[field];
      if (message) apiErrors[field] = message;
    }
    if (error.statusCode === 429) return reply(values, apiErrors, userMessageFor('Rate limit exceeded'), 429);
    if (error.isValidation) {
      return reply(values, apiErrors, Object.keys(apiErrors).length ? null : error.message, error.statusCode);
    }
    const formError = error.statusCode === 503 ? userMessageFor(error) : SESSION_MESSAGES.createFailed;
    return reply(values, apiErrors, formError, 502);
  }
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Create your personalised colouring pages in 2 simple steps',
    description:
      'A simple 2-step process: upload a photo of your child, highlight their face, and we turn it into personalised cartoon colouring pages. No sign-up needed.',
    keywords: ['personalised colouring pages', 'photo to colouring page', 'custom colouring book', 'upload photo'],
    canonicalPath: '/create',
    structuredData: breadcrumbLd(publicUrlOf(args.matches), CRUMBS),
  });

export default function Create() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const enhanced = useHydrated();

  const [step, setStep] = useState<1 | 2>(1);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(actionData?.errors.photo ?? null);
  const [cropPixels, setCropPixels] = useState<CropPixels | null>(null);
  const [childName, setChildName] = useState(actionData?.values.childName ?? '');
  const [email, setEmail] = useState(actionData?.values.email ?? '');
  const [nameError, setNameError] = useState<string | null>(actionData?.errors.childName ?? null);
  const [emailError, setEmailError] = useState<string | null>(actionData?.errors.email ?? null);
  const [checking, setChecking] = useState(false);
  const [clientToasts, setClientToasts] = useState<ToastView[]>([]);

  const inputRef = useRef<HTMLInputElement>(null);
  const step1HeadingRef = useRef<HTMLHeadingElement>(null);
  const step2HeadingRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const stepChanged = useRef(false);

  const busy =
    navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction?.startsWith('/create') === true;

  const showToast = useCallback((description: string) => {
    setClientToasts((toasts) => [...toasts, { id: `${Date.now()}-${Math.random()}`, type: 'error' as const, description }].slice(-20));
  }, []);

  // On a slow phone the parent may pick a photo or type before the script has started: carry that over.
  useEffect(() => {
    if (!enhanced) return;
    if (nameRef.current && nameRef.current.value !== childName) setChildName(nameRef.current.value);
    if (emailRef.current && emailRef.current.value !== email) setEmail(emailRef.current.value);
    const early = inputRef.current?.files?.[0];
    if (early) void onFile(early);
    // Once, when the script takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- later changes of these values must not re-run it
  }, [enhanced]);

  // The object URL lives as long as the photo it shows.
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  // Focus follows the step, so a keyboard or screen-reader user lands at the start of what just appeared.
  useEffect(() => {
    if (!stepChanged.current) return;
    (step === 2 ? step2HeadingRef : step1HeadingRef).current?.focus();
  }, [step]);

  function goToStep(next: 1 | 2) {
    stepChanged.current = true;
    setStep(next);
  }

  // What the server said after a submit (with JavaScript): a photo problem means choosing another photo.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.errors.childName) setNameError(actionData.errors.childName);
    if (actionData.errors.email) setEmailError(actionData.errors.email);
    if (actionData.errors.photo) {
      setPhotoError(actionData.errors.photo);
      setPhoto(null);
      setCropPixels(null);
      goToStep(1);
    } else if (actionData.errors.childName) {
      nameRef.current?.focus();
    } else if (actionData.errors.email) {
      emailRef.current?.focus();
    }
    // Runs once per answer; the setters and refs it uses never change.
  }, [actionData]);

  async function onFile(file: File) {
    setPhotoError(null);
    setChecking(true);
    let url: string;
    try {
      url = URL.createObjectURL(file);
    } catch {
      setChecking(false);
      setPhotoError(FILE_PROCESS_FAILED);
      showToast(FILE_PROCESS_FAILED);
      return;
    }
    const verdict = await checkPhotoInBrowser(file, url);
    setChecking(false);
    // Let the same file be chosen again after a fix elsewhere.
    if (inputRef.current) inputRef.current.value = '';
    if (!verdict.ok) {
      URL.revokeObjectURL(url);
      setPhotoError(verdict.message);
      showToast(verdict.message);
      return;
    }
    setPhoto({ file, url });
    setCropPixels(null);
    goToStep(2);
  }

  function chooseDifferentPhoto() {
    setPhoto(null);
    setCropPixels(null);
    setPhotoError(null);
    goToStep(1);
  }

  const nameVerdict = validateChildName(childName);
  const emailVerdict = validateEmail(email);
  const ready = Boolean(photo && cropPixels && nameVerdict.ok && emailVerdict.ok);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!enhanced) return;
    event.preventDefault();
    if (!photo) return goToStep(1);
    if (!nameVerdict.ok) {
      setNameError(nameVerdict.message);
      nameRef.current?.focus();
      return;
    }
    if (!emailVerdict.ok) {
      setEmailError(emailVerdict.message);
      emailRef.current?.focus();
      return;
    }
    if (!cropPixels) return;
    // Text first and the photo last, so the server has the fields even if the photo part is refused for size.
    const body = new FormData();
    body.set('childName', childName);
    body.set('email', email);
    body.set('crop', JSON.stringify(cropPixels));
    body.set('photo', photo.file, photo.file.name);
    submit(body, { method: 'post', encType: 'multipart/form-data' });
  }

  const toasts = [...(actionData?.toast ? [actionData.toast] : []), ...clientToasts];
  const serverErrors = actionData?.errors ?? {};
  const summaryFields = (['photo', 'childName', 'email'] as const).filter((field) => serverErrors[field]);
  const showStep1 = !enhanced || step === 1;
  const showStep2 = !enhanced || step === 2;
  const formError = actionData?.formError ?? null;

  return (
    <div className="container page narrow flow-page create-page">
      <Toaster toasts={toasts} />
      <Breadcrumbs crumbs={CRUMBS} />
      <p className="back-link">
        <Link to="/products">
          <span aria-hidden="true">← </span>Back to Products
        </Link>
      </p>
      <header className="page-header flow-header">
        <h1>Create your colouring pages</h1>
        <p className="lead">
          A simple 2-step process: upload a photo of your child, then highlight their face. We’ll turn it into personalised cartoon
          colouring pages.
        </p>
      </header>

      <StepIndicator steps={STEPS} current={enhanced ? step : 1} />

      {!enhanced && summaryFields.length > 0 ? (
        <div className="error-summary" role="alert" aria-labelledby="create-errors-title" tabIndex={-1}>
          <h2 id="create-errors-title">There’s a problem</h2>
          <ul>
            {summaryFields.map((field) => (
              <li key={field}>
                <a href={`#${field}`}>{serverErrors[field]}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Form method="post" encType="multipart/form-data" className="create-form" onSubmit={onSubmit} noValidate={enhanced}>
        <section className="form-card flow-step" hidden={!showStep1} aria-labelledby="step1-title">
          <h2 id="step1-title" ref={step1HeadingRef} tabIndex={-1} className="flow-step__title">
            <span className="flow-step__number" aria-hidden="true">
              1
            </span>
            Upload a photo of your child
          </h2>
          <PhotoDropZone ref={inputRef} enhanced={enhanced} error={photoError} onFile={onFile} />
          {!enhanced && actionData && !serverErrors.photo ? (
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
              <PhotoCropper imageUrl={photo.url} onCropPixels={setCropPixels} />
              <p>
                <button type="button" className="link-button" onClick={chooseDifferentPhoto}>
                  Upload a different photo
                </button>
              </p>
            </>
          ) : (
            <p className="field__hint">We’ll centre the square crop on your child’s face for you.</p>
          )}

          <div className={`field${nameError ? ' field--error' : ''}`}>
            <label htmlFor="childName">Child’s name</label>
            <input
              ref={nameRef}
              id="childName"
              name="childName"
              type="text"
              required
              maxLength={CHILD_NAME_MAX_LENGTH}
              placeholder="E.g. Lily"
              autoComplete="off"
              value={childName}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'childName-error' : undefined}
              onChange={(event) => {
                setChildName(event.currentTarget.value);
                setNameError(null);
              }}
              onBlur={() => {
                if (childName !== '' && !nameVerdict.ok) setNameError(nameVerdict.message);
              }}
            />
            {nameError ? (
              <p id="childName-error" className="field__error">
                {nameError}
              </p>
            ) : null}
          </div>

          <div className={`field${emailError ? ' field--error' : ''}`}>
            <label htmlFor="email">Your email</label>
            <p id="email-hint" className="field__hint">
              {EMAIL_HINT}
            </p>
            <input
              ref={emailRef}
              id="email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'email-hint email-error' : 'email-hint'}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setEmail(next);
                // Checked live on every change (SPEC §5).
                const verdict = validateEmail(next);
                setEmailError(verdict.ok ? null : verdict.message);
              }}
            />
            {emailError ? (
              <p id="email-error" className="field__error">
                {emailError}
              </p>
            ) : null}
          </div>

          {formError ? (
            <div className="form-error" role="alert">
              <p>{formError}</p>
            </div>
          ) : null}

          <button
            type="submit"
            className="button button--primary button--large flow-submit"
            disabled={enhanced && (busy || !ready)}
            aria-describedby={enhanced && !ready && !busy ? 'create-guard' : undefined}
          >
            {busy ? SESSION_MESSAGES.creating : 'Continue to Scene Selection'}
          </button>
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
    </div>
  );
}
