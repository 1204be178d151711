import { Link } from '@remix-run/react';

export interface Crumb {
  name: string;
  path: string;
}

/** The last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.path}>
              <Link to={crumb.path}>{crumb.name}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
