import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  DEFAULT_LEVEL,
  MAX_PHOTOS_PER_ORDER,
  PHOTO_ASPECTS,
  photoOrderPrice,
  SINGLE_PHOTO_MESSAGES,
  type SinglePhotoOrderView,
} from '@colouring/domain';
import { useState } from 'react';
import { PhotoDropZone } from '~/components/flow/photo-drop-zone';
import { ProductFlowHeader } from '~/components/flow/product-flow-header';
import { StepIndicator } from '~/components/flow/step-indicator';
import { useHydrated } from '~/components/flow/use-hydrated';
import { AspectChoice, LevelSelect } from '~/components/single-photo/choices';
import { DraftList } from '~/components/single-photo/draft-list';
import { addPhoto, currentDraft, draftToFill, refusalMessage } from '~/components/single-photo/draft.server';
import { createOrder } from '~/components/single-photo/order-steps';
import { PhotoCropper } from '~/components/flow/photo-cropper';
import { PhotoStrip } from '~/components/single-photo/photo-strip';
import { PriceSummary } from '~/components/single-photo/price-summary';
import { SinglePhotoSecurityNote, SinglePhotoTips } from '~/components/single-photo/tips';
import { useSinglePhoto } from '~/components/single-photo/use-single-photo';
import { Toaster, type ToastView } from '~/components/toaster';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/error-list';
import { Field } from '~/components/ui/field';
import {
  checkoutEnabled,
  checkoutHints,
  levelFieldOf,
  levelOf,
  parseIntent,
  SINGLE_PHOTO_EMAIL_CONSTRAINTS,
  SinglePhotoEmailSchema,
} from '~/forms/single-photo';
import flowStyles from '~/styles/flow.css?url';
import scenesStyles from '~/styles/scenes.css?url';
import singlePhotoStyles from '~/styles/single-photo.css?url';
import { api, isApiError, type Api } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Products', path: '/products' },
  { name: 'Single photo', path: '/single-photo' },
];

const STEPS = [{ label: 'Upload a photo' }, { label: 'Customise' }] as const;
const DROP_ZONE_TITLES = { enhanced: 'Click to choose a photo, or drag it here', plain: 'Choose a photo' };
const EMAIL_HINT = "We'll send your colouring pages here. No spam, ever.";
const CHECKOUT_LABEL = 'Continue to checkout';
const SELF = '/single-photo';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: flowStyles },
  { rel: 'stylesheet', href: scenesStyles },
  { rel: 'stylesheet', href: singlePhotoStyles },
];

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Turn any photo into a colouring page',
    description:
      'Upload a photo of a pet, a family or a house and get it back as a printable A4 colouring page at the level you choose. £0.99 for one photo, less each for more.',
    keywords: ['photo to colouring page', 'colouring page from photo', 'pet colouring page', 'printable colouring page'],
    canonicalPath: SELF,
    structuredData: breadcrumbLd(publicUrlOf(args.matches), CRUMBS),
  });

/** The draft as the page shows it. */
function viewOf(order: SinglePhotoOrderView) {
  const { sessionId, email, photos, price, maxPhotos } = order;
  return { sessionId, email, photos, price, maxPhotos };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const draft = await currentDraft(request, api(request, context));
  return data({ draft: draft ? viewOf(draft.order) : null }, { headers: cacheControl(CACHE_NEVER) });
}

// ---------- The action: the page's forms without JavaScript (the script uses single-photo.order.tsx) ----------

type ActionAnswer = { photoError: string | null; checkout: SubmissionResult<string[]> | null; toast: ToastView | null };

function answer(body: Partial<ActionAnswer>, status: number, setCookie: string | null = null) {
  const headers = new Headers(cacheControl(CACHE_NEVER));
  if (setCookie) headers.append('Set-Cookie', setCookie);
  const message = body.photoError ?? body.checkout?.error?.['']?.[0];
  const toast: ToastView | null = message ? { id: crypto.randomUUID(), type: 'error', description: message } : null;
  return data<ActionAnswer>({ photoError: null, checkout: null, ...body, toast }, { status, headers });
}

/** Back to the page with a toast (POST-redirect-GET), so a reload posts nothing twice. */
function backWith(type: 'success' | 'error', description: string, setCookie: string | null = null) {
  return redirectWithToast(SELF, { type, description }, { status: 303, headers: setCookie ? { 'Set-Cookie': setCookie } : undefined });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const client = api(request, context);
  // The add form is the page's only multipart form: one photo per submit, into the draft (started if there is none).
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const added = await addPhoto(request, client, async () => {
      const { draft, setCookie } = await draftToFill(request, client, { reuse: () => true });
      return { magicCode: draft.magicCode, setCookie };
    });
    if (!added.ok) return answer({ photoError: added.message }, added.status, added.setCookie);
    const number = added.order.photos.length;
    return backWith('success', `Photo ${number} added. Add another, or continue to checkout.`, added.setCookie);
  }

  const form = await request.formData();
  const intent = parseIntent(form.get('intent'));
  if (intent?.type === 'checkout') return checkout(request, client, form);
  if (!intent) return backWith('error', SINGLE_PHOTO_MESSAGES.createOrderFailed);

  const draft = await currentDraft(request, client);
  if (!draft) return backWith('error', SINGLE_PHOTO_MESSAGES.photoNotFound);
  try {
    if (intent.type === 'remove') {
      await client.removeSinglePhoto(draft.magicCode, intent.photoId);
      return backWith('success', 'Photo removed.');
    }
    if (intent.type === 'level') {
      const level = levelOf(form.get(levelFieldOf(intent.photoId)));
      if (!level) return backWith('error', SINGLE_PHOTO_MESSAGES.createOrderFailed);
      const order = await client.setSinglePhotoLevel(draft.magicCode, intent.photoId, { level });
      const number = order.photos.find((photo) => photo.id === intent.photoId)?.number;
      return backWith('success', number ? `Photo ${number} is now level ${level}.` : `Level ${level} saved.`);
    }
    if (intent.type === 'apply-all') {
      const level = levelOf(form.get('allLevel'));
      if (!level) return backWith('error', SINGLE_PHOTO_MESSAGES.createOrderFailed);
      await client.setAllSinglePhotoLevels(draft.magicCode, { level });
      return backWith('success', `Level ${level} applied to all photos.`);
    }
    // 'add' only comes as a multipart form.
    return backWith('error', SINGLE_PHOTO_MESSAGES.createOrderFailed);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return backWith('error', refusalMessage(error));
  }
}

/** The email saved on the draft, then on to /checkout with the session id (SPEC §4). */
async function checkout(request: Request, client: Api, form: FormData) {
  const submission = parseWithZod(form, { schema: SinglePhotoEmailSchema });
  if (submission.status !== 'success') return answer({ checkout: submission.reply() }, 400);
  const draft = await currentDraft(request, client);
  if (!draft || draft.order.photos.length === 0) {
    return answer({ checkout: submission.reply({ formErrors: [SINGLE_PHOTO_MESSAGES.uploadAndCrop] }) }, 400);
  }
  try {
    const order = await client.setSinglePhotoEmail(draft.magicCode, { email: submission.value.email });
    return redirect(`/checkout?session_id=${encodeURIComponent(order.sessionId)}`, { status: 303, headers: cacheControl(CACHE_NEVER) });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const emailError = error.fieldErrors.email;
    const reply = emailError
      ? submission.reply({ fieldErrors: { email: [emailError] } })
      : submission.reply({ formErrors: [refusalMessage(error)] });
    return answer({ checkout: reply }, error.statusCode >= 500 ? 502 : error.statusCode);
  }
}

// ---------- The page ----------

type DraftView = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['draft']>;

export default function SinglePhoto() {
  const { draft } = useLoaderData<typeof loader>();
  const enhanced = useHydrated();
  return (
    <div className="container page narrow flow-page single-photo-page">
      <ProductFlowHeader crumbs={CRUMBS} title="Turn any photo into a colouring page">
        A pet, a family, a house: upload a photo, choose its shape and difficulty, and we draw it as a printable A4 colouring page. £0.99
        for one photo, less each when you add more.
      </ProductFlowHeader>
      {enhanced ? <WithScript draft={draft} /> : <WithoutScript draft={draft} />}
    </div>
  );
}

function EmailField({ errors, children }: { errors: readonly string[] | undefined; children: Parameters<typeof Field>[0]['children'] }) {
  return (
    <Field id="email" label="Your email" hint={EMAIL_HINT} errors={errors}>
      {children}
    </Field>
  );
}

/** Without JavaScript: one photo per submit into the draft kept on the server, its list, the price, the email. */
function WithoutScript({ draft }: { draft: DraftView | null }) {
  const actionData = useActionData<typeof action>();
  const photos = draft?.photos ?? [];
  const full = photos.length >= (draft?.maxPhotos ?? MAX_PHOTOS_PER_ORDER);
  const [form, fields] = useForm({
    id: 'single-photo-checkout',
    lastResult: actionData?.checkout ?? undefined,
    constraint: SINGLE_PHOTO_EMAIL_CONSTRAINTS,
    defaultValue: { email: draft?.email ?? '' },
  });

  return (
    <>
      <Toaster toasts={actionData?.toast ? [actionData.toast] : []} />
      <StepIndicator steps={STEPS} current={photos.length ? 2 : 1} />

      <section className="form-card flow-step" aria-labelledby="add-title">
        <h2 id="add-title" className="flow-step__title">
          <span className="flow-step__number" aria-hidden="true">
            1
          </span>
          {photos.length ? 'Add another photo' : 'Upload a photo'}
        </h2>
        {full ? (
          <p className="notice" role="note">
            {SINGLE_PHOTO_MESSAGES.tooManyPhotos}
          </p>
        ) : (
          <Form method="post" encType="multipart/form-data" className="add-photo-form">
            <PhotoDropZone enhanced={false} error={actionData?.photoError ?? null} onFile={() => undefined} titles={DROP_ZONE_TITLES} />
            <AspectChoice name="aspect" defaultValue="portrait" />
            <LevelSelect id="level" name="level" label="Difficulty level" defaultValue={photos.at(-1)?.level ?? DEFAULT_LEVEL} />
            <p className="field__hint">We crop the middle of your photo to the page’s shape.</p>
            <Button name="intent" value="add">
              Add photo
            </Button>
          </Form>
        )}
        <SinglePhotoSecurityNote />
        <SinglePhotoTips />
      </section>

      {photos.length ? (
        <section className="form-card flow-step">
          <DraftList photos={photos} />
        </section>
      ) : null}

      <section className="form-card flow-step order-card" aria-labelledby="order-title">
        <h2 id="order-title" className="flow-step__title">
          Your order
        </h2>
        {draft && photos.length ? <PriceSummary price={draft.price} /> : null}
        <Form method="post" {...getFormProps(form)} className="order-card__form">
          <EmailField errors={fields.email.errors}>
            {(control) => (
              <input {...getInputProps(fields.email, { type: 'email', ariaAttributes: false })} {...control} autoComplete="email" />
            )}
          </EmailField>
          <FormError errors={form.errors} />
          <Button size="large" className="flow-submit" name="intent" value="checkout">
            {CHECKOUT_LABEL}
          </Button>
        </Form>
      </section>
    </>
  );
}

/** With JavaScript: the photos stay in the page, cropped there, until the checkout button sends them one by one. */
function WithScript({ draft }: { draft: DraftView | null }) {
  const navigate = useNavigate();
  const sp = useSinglePhoto();
  const { photos, current } = sp;
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState<number | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);

  const [form, fields] = useForm({
    id: 'single-photo-checkout',
    constraint: SINGLE_PHOTO_EMAIL_CONSTRAINTS,
    // Checked live on every change (SPEC §5).
    shouldValidate: 'onInput',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SinglePhotoEmailSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success' || !enabled) return;
      void placeOrder(submission.value.email);
    },
  });

  const emailValid = SinglePhotoEmailSchema.safeParse({ email: fields.email.value }).success && !fields.email.errors?.length;
  const readiness = { photoCount: photos.length, uncropped: photos.filter((p) => !p.crop).length, emailValid, submitting };
  const enabled = checkoutEnabled(readiness);
  const hints = submitting ? [] : checkoutHints(readiness);

  async function placeOrder(email: string) {
    setSubmitting(true);
    setOrderError(null);
    const sent = photos.map(({ file, level, aspect, crop }) => ({ file, level, aspect, crop }));
    const outcome = await createOrder(email, sent, setSending);
    if (outcome.ok) {
      navigate(`/checkout?session_id=${encodeURIComponent(outcome.sessionId)}`);
      return;
    }
    setSubmitting(false);
    setSending(null);
    setOrderError(outcome.message);
    sp.showToast('error', outcome.message);
    const refused = outcome.photoIndex === undefined ? undefined : photos[outcome.photoIndex];
    if (refused) sp.selectPhoto(refused.key);
  }

  const full = photos.length >= MAX_PHOTOS_PER_ORDER;
  const number = current ? photos.indexOf(current) + 1 : 0;
  const resumable = draft && draft.photos.length > 0 && draft.email ? draft : null;

  return (
    <>
      <Toaster toasts={sp.toasts} />
      <StepIndicator steps={STEPS} current={sp.step} />
      {resumable ? (
        <p className="notice" role="note">
          You have an order in progress with {resumable.photos.length === 1 ? '1 photo' : `${resumable.photos.length} photos`}.{' '}
          <Link to={`/checkout?session_id=${encodeURIComponent(resumable.sessionId)}`}>Continue to checkout with it</Link>. Photos you add
          here start a new order.
        </p>
      ) : null}

      <section className="form-card flow-step" hidden={sp.step !== 1} aria-labelledby="step1-title">
        <h2 id="step1-title" ref={sp.step1HeadingRef} tabIndex={-1} className="flow-step__title">
          <span className="flow-step__number" aria-hidden="true">
            1
          </span>
          {photos.length ? 'Add another photo' : 'Upload a photo'}
        </h2>
        <PhotoDropZone ref={sp.inputRef} enhanced error={sp.photoError} onFile={sp.onFile} titles={DROP_ZONE_TITLES} />
        {sp.checking ? (
          <p className="field__hint" role="status">
            Checking your photo…
          </p>
        ) : null}
        {photos.length ? (
          <p>
            <button type="button" className="link-button" onClick={sp.backToPhotos}>
              Back to your photos
            </button>
          </p>
        ) : null}
        <SinglePhotoSecurityNote />
        <SinglePhotoTips />
      </section>

      <section className="form-card flow-step" hidden={sp.step !== 2} aria-labelledby="step2-title">
        <h2 id="step2-title" ref={sp.step2HeadingRef} tabIndex={-1} className="flow-step__title">
          <span className="flow-step__number" aria-hidden="true">
            2
          </span>
          Customise your pages
        </h2>
        <div className="photo-strip-row">
          <PhotoStrip photos={photos} currentKey={current?.key ?? null} onSelect={sp.selectPhoto} onRemove={sp.removePhoto} />
          <Button type="button" variant="secondary" size="small" onClick={sp.addAnother} disabled={full || submitting}>
            Add another photo
          </Button>
        </div>
        {full ? (
          <p className="field__hint" role="status">
            {SINGLE_PHOTO_MESSAGES.tooManyPhotos}
          </p>
        ) : null}
        {current ? (
          <div className="photo-editor">
            <h3 className="photo-editor__title">Photo {number}</h3>
            <AspectChoice
              name="aspect"
              value={current.aspect}
              onChange={(aspect) => sp.update(current.key, { aspect, crop: null, position: { x: 0, y: 0 }, zoom: 1 })}
            />
            <PhotoCropper
              key={`${current.key}-${current.aspect}`}
              imageUrl={current.url}
              aspect={PHOTO_ASPECTS.find((option) => option.id === current.aspect)?.ratio ?? PHOTO_ASPECTS[0]!.ratio}
              help="Drag the photo so what you want coloured fills the frame, or focus the frame and use the arrow keys."
              view={{
                crop: current.position,
                zoom: current.zoom,
                onCropChange: (position) => sp.update(current.key, { position }),
                onZoomChange: (zoom) => sp.update(current.key, { zoom }),
              }}
              onCropPixels={(crop) => sp.update(current.key, { crop })}
            />
            <p>
              <button type="button" className="link-button" onClick={sp.differentPhoto}>
                Upload a different photo
              </button>
            </p>
            <div className="photo-editor__level">
              <LevelSelect
                id="level"
                label={`Difficulty level of photo ${number}`}
                value={current.level}
                onChange={(level) => sp.update(current.key, { level })}
              />
              {photos.length > 1 ? (
                <Button type="button" variant="secondary" size="small" onClick={() => sp.applyLevelToAll(current.level)}>
                  Apply to all photos
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </section>

      <section className="form-card flow-step order-card" aria-labelledby="order-title">
        <h2 id="order-title" className="flow-step__title">
          Your order
        </h2>
        {photos.length ? <PriceSummary price={photoOrderPrice(photos.length, null)} /> : null}
        <Form method="post" {...getFormProps(form)} className="order-card__form">
          <EmailField errors={fields.email.errors}>
            {(control) => (
              <input
                {...getInputProps(fields.email, { type: 'email', ariaAttributes: false })}
                {...control}
                inputMode="email"
                autoComplete="email"
                readOnly={submitting}
              />
            )}
          </EmailField>
          <FormError errors={orderError ? [orderError] : undefined} />
          <Button size="large" className="flow-submit" disabled={!enabled} aria-describedby={hints.length ? 'checkout-hints' : undefined}>
            {submitting ? SINGLE_PHOTO_MESSAGES.creatingOrder : CHECKOUT_LABEL}
          </Button>
          {hints.length ? (
            <ul id="checkout-hints" className="field__hint flow-guard checkout-hints">
              {hints.map((hint) => (
                <li key={hint}>{hint}</li>
              ))}
            </ul>
          ) : null}
          {submitting && sending !== null ? (
            <p className="order-card__progress" role="status">
              Adding photo {sending + 1} of {photos.length}
            </p>
          ) : null}
        </Form>
      </section>
    </>
  );
}
