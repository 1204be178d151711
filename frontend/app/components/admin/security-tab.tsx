// The Security tab: figure cards, the alerts (open first) with an Acknowledge form each, and the flagged sessions.
import { Form, useNavigation } from '@remix-run/react';
import type { AdminFlaggedSessionRow, AdminSecurityAlertRow, AdminSecurityView, SecurityFlagName } from '@colouring/domain';

// One time zone on the server and in the browser, so the page hydrates to the same text.
const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const when = (iso: string) => WHEN.format(new Date(iso));

const FLAG_LABELS: Record<SecurityFlagName, string> = {
  multiple_ips: 'Multiple IPs',
  rate_limited: 'Rate limited',
  suspicious_activity: 'Suspicious activity',
};

const KIND_LABELS: Record<string, string> = {
  rate_limit: 'Rate limit',
  failed_validation: 'Failed validation',
  pdf_failed: 'PDF failed',
  duplicate_payment: 'Duplicate payment',
  payment_amount_mismatch: 'Payment mismatch',
};

const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

function Figure({ label, value, note, alarm = false }: { label: string; value: number; note?: string; alarm?: boolean }) {
  return (
    <div className={`security-figure${alarm && value > 0 ? ' security-figure--alarm' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="security-figure__value">{value}</span>
        {note ? <span className="security-figure__note">{note}</span> : null}
      </dd>
    </div>
  );
}

function AlertItem({ alert }: { alert: AdminSecurityAlertRow }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('alertId') === alert.id;
  const open = alert.resolvedAt === null;
  return (
    <li className={`security-alert security-alert--${alert.severity}${open ? '' : ' security-alert--resolved'}`}>
      <div className="security-alert__head">
        <span className={`security-severity security-severity--${alert.severity}`}>{alert.severity}</span>
        <strong>{kindLabel(alert.kind)}</strong>
        <span className="security-alert__when">{when(alert.createdAt)}</span>
      </div>
      <p className="security-alert__message">{alert.message}</p>
      {open ? (
        <Form method="post" className="security-alert__form">
          <input type="hidden" name="alertId" value={alert.id} />
          <button
            type="submit"
            name="intent"
            value="acknowledge"
            className="button button--secondary security-alert__button"
            disabled={busy}
          >
            Acknowledge
            <span className="visually-hidden">
              {' '}
              the {kindLabel(alert.kind)} alert of {when(alert.createdAt)}
            </span>
          </button>
        </Form>
      ) : (
        <p className="security-alert__done">Acknowledged {when(alert.resolvedAt!)}</p>
      )}
    </li>
  );
}

function FlaggedRow({ row }: { row: AdminFlaggedSessionRow }) {
  return (
    <tr>
      <th scope="row" data-label="Child">
        {row.childName || '—'}
      </th>
      <td data-label="Email" className="admin-table__email">
        {row.email || '—'}
      </td>
      <td data-label="Flags">
        <ul className="security-flags">
          {row.flags.map((flag) => (
            <li key={flag} className="security-flag">
              {FLAG_LABELS[flag]}
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Accesses">{row.accessCount}</td>
      <td data-label="Created">{when(row.createdAt)}</td>
    </tr>
  );
}

export function SecurityTab({ view }: { view: AdminSecurityView }) {
  const { metrics, alerts, flagged } = view;
  const openCount = alerts.filter((alert) => alert.resolvedAt === null).length;
  const flagNote = (Object.keys(FLAG_LABELS) as SecurityFlagName[])
    .map((flag) => `${FLAG_LABELS[flag]} ${metrics.flags[flag]}`)
    .join(' · ');
  return (
    <section className="security-tab" aria-labelledby="security-title">
      <h2 id="security-title">Security</h2>
      <p className="security-tab__updated">Figures of {when(metrics.at)}. This page refreshes every 5 minutes.</p>

      <dl className="security-figures">
        <Figure label="Sessions today" value={metrics.sessionsToday} note={`${metrics.sessionsThisWeek} this week`} />
        <Figure label="Paid orders today" value={metrics.paidOrdersToday} note={`${metrics.paidOrdersThisWeek} this week`} />
        <Figure label="Failed PDFs" value={metrics.failedPdfs} note="paid, waiting for a retry" alarm />
        <Figure label="Invalid accesses" value={metrics.invalidAccessesLastHour} note="in the last hour" alarm />
        <Figure label="Flagged sessions" value={metrics.flaggedSessions} note={flagNote} alarm />
        <Figure label="Open alerts" value={metrics.openAlerts} alarm />
      </dl>

      <h3>Alerts</h3>
      {alerts.length === 0 ? (
        <p className="security-tab__empty">No alerts yet.</p>
      ) : (
        <>
          <p className="security-tab__count">
            {openCount === 0 ? 'No open alerts.' : `${openCount} open`}
            {metrics.openAlerts > openCount ? ` (the newest ${openCount} of ${metrics.openAlerts} shown)` : ''}
          </p>
          <ul className="security-alerts">
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        </>
      )}

      <h3>Flagged sessions</h3>
      {flagged.length === 0 ? (
        <p className="security-tab__empty">No session is flagged.</p>
      ) : (
        <table className="admin-table security-flagged">
          <caption className="visually-hidden">Sessions flagged most recently</caption>
          <thead>
            <tr>
              <th scope="col">Child</th>
              <th scope="col">Email</th>
              <th scope="col">Flags</th>
              <th scope="col">Accesses</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {flagged.map((row) => (
              <FlaggedRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
