import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  CONTACT_CATEGORIES,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_REPLY_HOURS,
  EMAIL_MAX_LENGTH,
  MAGIC_CODE_LENGTH,
  REFUND_WINDOW_DAYS,
  TRY_AGAIN_MESSAGE,
  userMessageFor,
} from '@colouring/domain';
import { useEffect, useRef } from 'react';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, CACHE_PUBLIC, cacheControl, pageHeaders } from '~/utils/cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Contact Us', path: '/contact' },
];

const FIELDS = ['email', 'category', 'message', 'magicCode'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type ContactErrors = Partial<Record<Field, string>>;

const FIELD_LABELS: Record<Field, string> = {
  email: 'Your email',
  category: 'What is it about?',
  message: 'Your message',
  magicCode: 'Magic code (optional)',
};

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
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values: Values = {
    email: text('email'),
    category: text('category'),
    message: text('message'),
    magicCode: text('magicCode'),
  };
  const website = text('website');

  try {
    // The API owns every contact rule (and the honeypot); this page only shows what it says.
    await api(request, context).sendContactMessage({
      email: values.email,
      category: values.category,
      message: values.message,
      ...(values.magicCode.trim() ? { magicCode: values.magicCode } : {}),
      ...(website ? { website } : {}),
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const fieldErrors: ContactErrors = {};
    for (const field of FIELDS) {
      const message = error.fieldErrors[field];
      if (message) fieldErrors[field] = message;
    }
    let formError: string | null = null;
    if (error.statusCode === 429) formError = userMessageFor('Rate limit exceeded');
    else if (error.isValidation) formError = Object.keys(fieldErrors).length ? null : error.message;
    else formError = TRY_AGAIN_MESSAGE;
    const status = error.isValidation || error.statusCode === 429 ? error.statusCode : 502;
    return data({ values, fieldErrors, formError }, { status, headers: cacheControl(CACHE_NEVER) });
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
  const summaryRef = useRef<HTMLDivElement>(null);
  // After a failed submit (with JavaScript) move focus to the list of problems, as a full page load would read it first.
  useEffect(() => {
    if (actionData) summaryRef.current?.focus();
  }, [actionData]);

  const values: Values = actionData?.values ?? {
    email: '',
    category: prefill.category,
    message: '',
    magicCode: prefill.magicCode,
  };
  const errors: ContactErrors = actionData?.fieldErrors ?? {};
  const errorFields = FIELDS.filter((field) => errors[field]);
  const hasErrors = errorFields.length > 0 || Boolean(actionData?.formError);

  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="container page narrow">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page-header">
        <h1>Contact us</h1>
        <p className="lead">
          Questions, feedback or a page that isn’t quite right? We read every message and aim to reply within {CONTACT_REPLY_HOURS} hours.
        </p>
      </header>

      {hasErrors ? (
        <div ref={summaryRef} className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
          <h2 id="error-summary-title">There’s a problem</h2>
          {actionData?.formError ? <p>{actionData.formError}</p> : null}
          {errorFields.length ? (
            <ul>
              {errorFields.map((field) => (
                <li key={field}>
                  <a href={`#${field}`}>{errors[field]}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Form method="post" className="form-card" aria-describedby="contact-privacy">
        <div className={`field${errors.email ? ' field--error' : ''}`}>
          <label htmlFor="email">{FIELD_LABELS.email}</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
          />
          {errors.email ? (
            <p id="email-error" className="field__error">
              {errors.email}
            </p>
          ) : null}
        </div>

        <div className={`field${errors.category ? ' field--error' : ''}`}>
          <label htmlFor="category">{FIELD_LABELS.category}</label>
          <select
            id="category"
            name="category"
            required
            defaultValue={values.category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy('category')}
          >
            <option value="" disabled>
              Choose a category
            </option>
            {CONTACT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          {errors.category ? (
            <p id="category-error" className="field__error">
              {errors.category}
            </p>
          ) : null}
        </div>

        <div className={`field${errors.message ? ' field--error' : ''}`}>
          <label htmlFor="message">{FIELD_LABELS.message}</label>
          <textarea
            id="message"
            name="message"
            rows={6}
            required
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            defaultValue={values.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message')}
          />
          {errors.message ? (
            <p id="message-error" className="field__error">
              {errors.message}
            </p>
          ) : null}
        </div>

        <div className={`field${errors.magicCode ? ' field--error' : ''}`}>
          <label htmlFor="magicCode">{FIELD_LABELS.magicCode}</label>
          <p id="magicCode-hint" className="field__hint">
            It’s in your order email and helps us find your pages quickly. If a page isn’t right, we’ll fix it or refund you within{' '}
            {REFUND_WINDOW_DAYS} days.
          </p>
          <input
            id="magicCode"
            name="magicCode"
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            defaultValue={values.magicCode}
            aria-invalid={errors.magicCode ? true : undefined}
            aria-describedby={describedBy('magicCode', 'magicCode-hint')}
            className="input--mono"
          />
          {errors.magicCode ? (
            <p id="magicCode-error" className="field__error">
              {errors.magicCode}
            </p>
          ) : null}
        </div>

        {/* Honeypot: hidden from people, tempting to bots. */}
        <div className="hp-field">
          <label htmlFor="website">Leave this field empty</label>
          <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <button type="submit" className="button button--primary button--large" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
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
