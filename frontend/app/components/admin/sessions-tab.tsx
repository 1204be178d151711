// The Sessions tab: the search form, the page of sessions the API answered, and links to the pages around it.
import { Form, Link, useNavigation } from '@remix-run/react';
import { formatPence, type AdminSessionRow, type AdminSessionsPage, type AdminSessionsQuery, type ProductType } from '@colouring/domain';

const PDF_FILTER_LABELS = [
  ['', 'Any'],
  ['generating', 'Generating'],
  ['ready', 'Ready'],
  ['failed', 'Failed'],
  ['unpaid', 'Not paid'],
] as const;

const PRODUCT_LABELS: Record<ProductType, string> = {
  custom_scenes: 'Custom scenes',
  single_photo: 'Single photo',
  dot_to_dot: 'Dot-to-dot',
};

const ITEM_WORDS: Record<ProductType, [string, string]> = {
  custom_scenes: ['scene', 'scenes'],
  single_photo: ['photo', 'photos'],
  dot_to_dot: ['page', 'pages'],
};

// One time zone on the server and in the browser, so the page hydrates to the same text.
const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

function itemsOf(row: AdminSessionRow): string {
  if (row.product === null || row.itemCount === null) return '—';
  const [one, many] = ITEM_WORDS[row.product];
  return `${row.itemCount} ${row.itemCount === 1 ? one : many}`;
}

function pageLink(query: AdminSessionsQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.pdf) params.set('pdf', query.pdf);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/admin?${search}` : '/admin';
}

function PdfStatus({ row }: { row: AdminSessionRow }) {
  if (!row.pdfStatus)
    return (
      <div>
        <span className="admin-status admin-status--none">Not paid</span>
      </div>
    );
  return (
    <div>
      <span className={`admin-status admin-status--${row.pdfStatus}`}>{row.pdfStatus[0]!.toUpperCase() + row.pdfStatus.slice(1)}</span>
      {row.pdfError ? <span className="admin-sessions__reason">{row.pdfError}</span> : null}
    </div>
  );
}

/**
 * What the admin can do to a session; the API refuses what cannot be done now, with its reason in a toast. Forms all,
 * so they work without JavaScript; the email form folds away in a disclosure.
 */
function SessionActions({ row }: { row: AdminSessionRow }) {
  const emailId = `admin-email-${row.id}`;
  return (
    <div className="admin-actions">
      <details className="admin-actions__email">
        <summary>
          Edit email<span className="visually-hidden"> for {row.childName}</span>
        </summary>
        <Form method="post" className="admin-actions__email-form">
          <input type="hidden" name="sessionId" value={row.id} />
          <label htmlFor={emailId}>New email address</label>
          <input
            id={emailId}
            name="email"
            type="email"
            defaultValue={row.email}
            required
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" name="intent" value="correct-email" className="button button--secondary admin-actions__button">
            Save email
          </button>
        </Form>
      </details>
      {row.orderId ? (
        <Form method="post">
          <input type="hidden" name="sessionId" value={row.id} />
          <button type="submit" name="intent" value="resend-final-email" className="button button--secondary admin-actions__button">
            Resend final email<span className="visually-hidden"> to {row.email}</span>
          </button>
        </Form>
      ) : null}
      {row.pdfStatus === 'failed' ? (
        <Form method="post">
          <input type="hidden" name="sessionId" value={row.id} />
          <button type="submit" name="intent" value="retry-pdf" className="button button--primary admin-actions__button">
            Retry PDF<span className="visually-hidden"> for {row.childName}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function SessionsTab({ query, list }: { query: AdminSessionsQuery; list: AdminSessionsPage }) {
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin';
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const first = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.total, list.page * list.pageSize);
  return (
    <section aria-labelledby="sessions-title" className="admin-sessions">
      <h2 id="sessions-title">Sessions</h2>
      <Form method="get" action="/admin" className="admin-search" role="search">
        <div className="admin-search__field">
          <label htmlFor="admin-q">Search by name, email or code</label>
          <input id="admin-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={254} autoComplete="off" spellCheck={false} />
        </div>
        <div className="admin-search__field">
          <label htmlFor="admin-pdf">PDF status</label>
          <select id="admin-pdf" name="pdf" defaultValue={query.pdf ?? ''}>
            {PDF_FILTER_LABELS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {searching ? 'Searching…' : 'Search'}
        </button>
      </Form>

      <p className="admin-sessions__count" aria-live="polite">
        {list.total === 0 ? 'No sessions match.' : `Showing ${first}–${last} of ${list.total} sessions, newest payment first.`}
      </p>

      {list.rows.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Child</th>
                <th scope="col">Email</th>
                <th scope="col">Product</th>
                <th scope="col">Scenes or photos</th>
                <th scope="col">Amount</th>
                <th scope="col">Paid</th>
                <th scope="col">PDF</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label="Child">
                    {row.childName}
                  </th>
                  <td data-label="Email" className="admin-table__email">
                    {row.email}
                  </td>
                  <td data-label="Product">{row.product ? PRODUCT_LABELS[row.product] : '—'}</td>
                  <td data-label="Scenes or photos">{itemsOf(row)}</td>
                  <td data-label="Amount">{row.amountPaidPence === null ? '—' : formatPence(row.amountPaidPence)}</td>
                  <td data-label="Paid">{row.paidAt ? WHEN.format(new Date(row.paidAt)) : '—'}</td>
                  <td data-label="PDF">
                    <PdfStatus row={row} />
                  </td>
                  <td data-label="Actions">
                    <SessionActions row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {pages > 1 ? (
        <nav aria-label="Pages of sessions" className="admin-pages">
          {list.page > 1 ? (
            <Link to={pageLink(query, list.page - 1)} rel="prev">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {list.page} of {pages}
          </span>
          {list.page < pages ? (
            <Link to={pageLink(query, list.page + 1)} rel="next">
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
