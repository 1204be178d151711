// The Funnel tab: for a period of whole days, each product's visits, uploads, previews, checkouts started and paid
// orders, each with its share of the step before (docs/decisions/031). One table per product, readable on a phone.
import { Form } from '@remix-run/react';
import { FUNNEL_STEP_NAMES, formatPence, type AdminFunnel, type AdminFunnelQuery, type ProductType } from '@colouring/domain';

/** SPEC's product names. */
const PRODUCT_NAMES: Record<ProductType, string> = {
  custom_scenes: 'Custom colouring pages',
  single_photo: 'Single photo conversion',
  dot_to_dot: 'Personalised dot-to-dot',
};

// Whole days in UTC, shown as the owner reads them; the same text on the server and in the browser.
const DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const dayOf = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

/** A dash for the eye, words for a screen reader: the first step, or a step after none. */
function NotApplicable() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">not applicable</span>
    </>
  );
}

export function FunnelTab({ query, funnel, error }: { query: AdminFunnelQuery; funnel: AdminFunnel | null; error: string | null }) {
  const from = funnel?.from ?? query.from ?? '';
  const to = funnel?.to ?? query.to ?? '';
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': 'funnel-period-error' } : {};
  return (
    <section aria-labelledby="funnel-title" className="funnel">
      <h2 id="funnel-title">Funnel</h2>
      <Form method="get" action="/admin/funnel" className="funnel-period" aria-label="Period">
        <div className="funnel-period__field">
          <label htmlFor="funnel-from">From</label>
          <input id="funnel-from" name="from" type="date" defaultValue={from} required {...invalid} />
        </div>
        <div className="funnel-period__field">
          <label htmlFor="funnel-to">To</label>
          <input id="funnel-to" name="to" type="date" defaultValue={to} required {...invalid} />
        </div>
        <button type="submit" className="button button--primary">
          Show
        </button>
      </Form>
      {error ? (
        <p id="funnel-period-error" className="funnel-period__error" role="alert">
          {error}
        </p>
      ) : null}

      {funnel ? (
        <>
          <p className="funnel__period">
            {dayOf(funnel.from)} to {dayOf(funnel.to)}, whole days in UTC. Visits are page views of each product’s first page; the steps
            after them follow the sessions started in the period, however long they took.
          </p>
          <div className="funnel__products">
            {funnel.products.map((figures) => (
              <table key={figures.product} className="funnel-table">
                <caption>{PRODUCT_NAMES[figures.product]}</caption>
                <thead>
                  <tr>
                    <th scope="col">Step</th>
                    <th scope="col">Count</th>
                    <th scope="col">From the step before</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.steps.map((step) => (
                    <tr key={step.step}>
                      <th scope="row">{FUNNEL_STEP_NAMES[step.step]}</th>
                      <td>{step.count}</td>
                      <td>{step.conversionPercent === null ? <NotApplicable /> : `${step.conversionPercent}%`}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Paid in</th>
                    <td colSpan={2}>{formatPence(figures.revenuePence)}</td>
                  </tr>
                </tfoot>
              </table>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
