// The Share Incentives tab: totals, the conversion rate (vouchers used / issued) with its advice at SPEC's 15% and
// 30%, and the latest 10 share vouchers, each Used, Expired or Active. The whole code is shown (decision 029); the email
// reads 'Forgotten' once the shop no longer keeps it (decision 036).
import { SHARE_CONVERSION_ADVICE, SHARE_VOUCHER_STATUS_LABELS, type AdminShareView } from '@colouring/domain';

// One time zone on the server and in the browser, so the page hydrates to the same text.
const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const when = (iso: string) => WHEN.format(new Date(iso));

const STATUS_CLASS = { used: 'admin-status--ready', expired: 'admin-status--none', active: 'admin-status--generating' } as const;

export function ShareTab({ view }: { view: AdminShareView }) {
  const { totals, conversion, latest } = view;
  const figures = [
    ['Issued', totals.issued],
    ['Used', totals.used],
    ['Active', totals.active],
    ['Expired', totals.expired],
    ['Conversion rate', conversion.ratePercent === null ? '—' : `${conversion.ratePercent}%`],
  ] as const;
  return (
    <section aria-labelledby="share-title" className="share">
      <h2 id="share-title">Share Incentives</h2>
      <dl className="share-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="share-figures__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`share-advice share-advice--${conversion.band}`}>
        <strong>Conversion (vouchers used / issued): </strong>
        {SHARE_CONVERSION_ADVICE[conversion.band]}
      </p>

      <h3>Latest share vouchers</h3>
      {latest.length === 0 ? (
        <p>No share voucher has been issued yet. When a parent shares and earns one, it appears here.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table share-vouchers">
            <caption className="visually-hidden">The latest {latest.length} share vouchers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Email</th>
                <th scope="col">Discount</th>
                <th scope="col">Issued</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {latest.map((row) => (
                <tr key={row.code}>
                  <th scope="row" data-label="Code" className="share-vouchers__code">
                    {row.code}
                  </th>
                  <td data-label="Email" className="admin-table__email">
                    {row.email ?? 'Forgotten'}
                  </td>
                  <td data-label="Discount">{row.percent}%</td>
                  <td data-label="Issued">{when(row.createdAt)}</td>
                  <td data-label="Expires">{when(row.expiresAt)}</td>
                  <td data-label="Status">
                    <span className={`admin-status ${STATUS_CLASS[row.status]}`}>{SHARE_VOUCHER_STATUS_LABELS[row.status]}</span>
                    {row.usedAt ? <span className="share-vouchers__used">on {when(row.usedAt)}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
