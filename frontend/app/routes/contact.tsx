import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { CONTACT_CATEGORIES, CONTACT_REPLY_HOURS, MAGIC_CODE_LENGTH, REFUND_WINDOW_DAYS, TRY_AGAIN_MESSAGE } from '@colouring/domain';
import { useEffect, useRef } from 'react';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { Button } from '~/components/ui/button';
import { ErrorList, problemsOf } from '~/components/ui/error-list';
import { Field } from '~/components/ui/field';
import { CONTACT_CONSTRAINTS, CONTACT_FIELDS, ContactSchema } from '~/forms/contact';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, CACHE_PUBLIC, cacheControl, pageHeaders } from '~/utils/cache';
import { formRefusal } from '~/utils/form-errors.server';
import { breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Contact Us', path: '/contact' },
];

function isCategory(value: string | null): value is string {
  return value !== null && (CONTACT_CATEGORIES as readonly string[]).includes(value);
}

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get('category');
  const magicCode = url.searchParams.get('magic_code') ?? '';
  // A URL carrying a magic code is personal: keep it out of every cache.
  const cache = url.search ? CACHE_NEVER : CACHE_PUBLIC;
  return data(
    { category: isCategory(category) ? category : '', magicCode: magicCode.slice(0, MAGIC_CODE_LENGTH * 2) },
    { headers: cacheControl(cache) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ContactSchema });
  const headers = cacheControl(CACHE_NEVER);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400, headers });

  const { email, category, message, magicCode, website } = submission.value;
  try {
    // The API checks the same rules again (and the honeypot); this page shows what it says.
    await api(request, context).sendContactMessage({
      email,
      category,
      message,
      ...(magicCode ? { magicCode } : {}),
      ...(website ? { website } : {}),
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const { status, fieldErrors, formErrors } = formRefusal(error, CONTACT_FIELDS, { failed: TRY_AGAIN_MESSAGE });
    return data({ result: submission.reply({ fieldErrors, formErrors }) }, { status, headers });
  }

  return redirectWithToast('/contact-thank-you', { type: 'success', description: 'Your message is on its way to us.' }, { status: 303 });
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Contact us',
    description: `Questions, feedback or a page that isn't quite right? Send us a message and we aim to reply within ${CONTACT_REPLY_HOURS} hours.`,
    keywords: ['contact', 'customer support', 'colouring pages help'],
    canonicalPath: '/contact',
    structuredData: breadcrumbLd(publicUrlOf(args.matches), CRUMBS),
  });

export default function Contact() {
  const prefill = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const [form, fields] = useForm({
    id: 'contact',
    lastResult: actionData?.result,
    constraint: CONTACT_CONSTRAINTS,
    defaultValue: { category: prefill.category, magicCode: prefill.magicCode },
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  // After the server refused a submit (with JavaScript) move focus to the list of problems, as a full page load reads it first.
  useEffect(() => {
    if (actionData) summaryRef.current?.focus();
  }, [actionData]);

  const problems = problemsOf(CONTACT_FIELDS, {
    email: fields.email.errors,
    category: fields.category.errors,
    message: fields.message.errors,
    magicCode: fields.magicCode.errors,
  });

  return (
    <div className="container page narrow">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page-header">
        <h1>Contact us</h1>
        <p className="lead">
          Questions, feedback or a page that isn’t quite right? We read every message and aim to reply within {CONTACT_REPLY_HOURS} hours.
        </p>
      </header>

      <ErrorList ref={summaryRef} id="error-summary" formErrors={form.errors} problems={problems} />

      <Form method="post" {...getFormProps(form)} className="form-card" aria-describedby="contact-privacy">
        <Field id="email" label="Your email" errors={fields.email.errors}>
          {(control) => (
            <input
              {...getInputProps(fields.email, { type: 'email', ariaAttributes: false })}
              {...control}
              autoComplete="email"
              inputMode="email"
            />
          )}
        </Field>

        <Field id="category" label="What is it about?" errors={fields.category.errors}>
          {(control) => (
            <select {...getSelectProps(fields.category, { ariaAttributes: false })} {...control}>
              <option value="" disabled>
                Choose a category
              </option>
              {CONTACT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field id="message" label="Your message" errors={fields.message.errors}>
          {(control) => <textarea {...getTextareaProps(fields.message, { ariaAttributes: false })} {...control} rows={6} />}
        </Field>

        <Field
          id="magicCode"
          label="Magic code (optional)"
          hint={
            <>
              It’s in your order email and helps us find your pages quickly. If a page isn’t right, we’ll fix it or refund you within{' '}
              {REFUND_WINDOW_DAYS} days.
            </>
          }
          errors={fields.magicCode.errors}
        >
          {(control) => (
            <input
              {...getInputProps(fields.magicCode, { type: 'text', ariaAttributes: false })}
              {...control}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              className="input--mono"
            />
          )}
        </Field>

        {/* Honeypot: hidden from people, tempting to bots. */}
        <div className="hp-field">
          <label htmlFor="website">Leave this field empty</label>
          <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <Button size="large" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </Button>
        <p id="contact-privacy" className="field__hint">
          We only use your email to reply to you.
        </p>
      </Form>

      <p className="page-footnote">
        Looking for a quick answer? Try our <Link to="/faq">frequently asked questions</Link>.
      </p>
    </div>
  );
}
