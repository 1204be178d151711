import { Link, NavLink } from '@remix-run/react';
import { PRIMARY_NAV, SITE_NAME } from '~/utils/site';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={`${SITE_NAME} home`}>
          <img src="/images/logo.svg" alt="" width="44" height="44" className="brand__mark" />
          <span className="brand__name">{SITE_NAME}</span>
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {PRIMARY_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
