import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { mailboxDate } from '~/utils/dev-mailbox';
import { pageMeta } from '~/utils/meta';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  try {
    const message = await api(request, context).devMailboxMessage(params.id ?? '');
    return data(message, { headers: cacheControl(CACHE_NEVER) });
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) throw new Response('Not Found', { status: 404, headers: cacheControl(CACHE_NEVER) });
    throw error;
  }
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data ? `${args.data.subject} (development mailbox)` : 'Development mailbox',
    description: 'One email the shop saved locally instead of sending it.',
    noIndex: true,
  });

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function DevMailboxMessage() {
  const message = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="mail-subject" style={{ marginTop: '2rem' }}>
      <h2 id="mail-subject">{message.subject}</h2>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem', margin: '0 0 1rem' }}>
        <dt>From</dt>
        <dd style={{ margin: 0 }}>{message.from}</dd>
        <dt>To</dt>
        <dd style={{ margin: 0 }}>{message.to}</dd>
        <dt>Saved</dt>
        <dd style={{ margin: 0 }}>
          <time dateTime={message.date}>{mailboxDate(message.date)}</time>
        </dd>
        <dt>Attachments</dt>
        <dd style={{ margin: 0 }}>
          {message.attachments.length === 0
            ? 'none'
            : message.attachments.map((a) => `${a.filename} (${a.contentType}, ${kilobytes(a.size)})`).join(', ')}
        </dd>
      </dl>
      {/* The email's own HTML, sandboxed: no scripts, no access to this page; its links open in a new tab. */}
      <iframe
        title={`The email “${message.subject}” as a mail client shows it`}
        srcDoc={message.html}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        style={{ width: '100%', height: '75vh', border: '1px solid var(--line)', borderRadius: 'var(--radius-s)', background: '#fff' }}
      />
      <details style={{ marginTop: '1rem' }}>
        <summary>Plain-text part</summary>
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', background: 'var(--paper)', padding: '1rem' }}>{message.text}</pre>
      </details>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing) console.error(error);
  return (
    <section style={{ marginTop: '2rem' }}>
      <h2>{missing ? 'That email is not in the mailbox' : 'That email could not be shown'}</h2>
      <p>
        {missing ? 'It may have been deleted from the folder.' : 'Look for the error in the server log.'}{' '}
        <Link to="/dev/mailbox">Back to the list</Link>
      </p>
    </section>
  );
}
