// The admin-only header (SPEC §2: links to home, admin and a logout) and the tabs of /admin.
import { Form, Link, NavLink } from '@remix-run/react';

export function AdminHeader({ email }: { email: string }) {
  return (
    <header className="admin-header">
      <div className="container admin-header__inner">
        <nav aria-label="Admin" className="admin-header__nav">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/admin">Admin</Link>
            </li>
          </ul>
        </nav>
        <p className="admin-header__who">
          Signed in as <strong>{email}</strong>
        </p>
        {/* A form, so it works without JavaScript; SameSite=Strict keeps other sites from posting it with the cookie. */}
        <Form method="post" action="/admin" className="admin-header__out">
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="button button--secondary admin-header__logout">
            Log out
          </button>
        </Form>
      </div>
    </header>
  );
}

/** SPEC's four tabs, and the funnel of the shop's own analytics. */
const TABS: { label: string; to: string }[] = [
  { label: 'Sessions', to: '/admin' },
  { label: 'Security', to: '/admin/security' },
  { label: 'Share Incentives', to: '/admin/share' },
  { label: 'Featured Bundles', to: '/admin/bundles' },
  { label: 'Funnel', to: '/admin/funnel' },
];

export function AdminTabs() {
  return (
    <nav aria-label="Admin tabs" className="admin-tabs">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.label}>
            <NavLink to={tab.to} end className="admin-tabs__tab">
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
