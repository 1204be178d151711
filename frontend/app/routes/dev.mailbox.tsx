import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, Outlet, useLoaderData, useParams } from '@remix-run/react';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { mailboxDate } from '~/utils/dev-mailbox';
import { pageMeta } from '~/utils/meta';

// Development only: the API answers 404 in production and whenever SMTP_URL is set, and so does this page.
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const mailbox = await api(request, context).devMailbox();
    return data(mailbox, { headers: cacheControl(CACHE_NEVER) });
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) throw new Response('Not Found', { status: 404, headers: cacheControl(CACHE_NEVER) });
    throw error;
  }
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Development mailbox',
    description: 'The emails the shop would have sent, saved locally while no SMTP server is configured.',
    noIndex: true,
  });

export default function DevMailbox() {
  const { directory, messages } = useLoaderData<typeof loader>();
  const { id: openId } = useParams();
  return (
    <div className="container page">
      <p className="eyebrow">Development only</p>
      <h1>Mailbox</h1>
      <p className="lead">
        No SMTP_URL is set, so instead of sending emails the shop saves them as <code>.eml</code> files in <code>{directory}</code>. They
        appear here, newest first.
      </p>
      <p>
        <Link to="/dev/mailbox" className="button button--secondary">
          Check for new emails
        </Link>
      </p>
      {messages.length === 0 ? (
        <p>
          No emails yet. <Link to="/create">Create a session</Link>: the preview page sends the first one.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="pack-table" style={{ maxWidth: 'none' }}>
            <caption className="visually-hidden">Saved emails, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Saved</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id} aria-current={message.id === openId ? 'true' : undefined}>
                  <td>
                    <time dateTime={message.date}>{mailboxDate(message.date)}</time>
                  </td>
                  <td>{message.to}</td>
                  <td>
                    {message.id === openId ? (
                      <strong>{message.subject}</strong>
                    ) : (
                      <Link to={`/dev/mailbox/${message.id}`}>{message.subject}</Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet />
    </div>
  );
}
