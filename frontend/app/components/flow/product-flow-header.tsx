import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from '~/components/breadcrumbs';

/** The top of a product's photo page (create, single photo, dot-to-dot): where it is, the way back, its title and promise. */
export function ProductFlowHeader({ crumbs, title, children }: { crumbs: readonly Crumb[]; title: string; children: ReactNode }) {
  return (
    <>
      <Breadcrumbs crumbs={crumbs} />
      <p className="back-link">
        <Link to="/products">
          <span aria-hidden="true">← </span>Back to Products
        </Link>
      </p>
      <header className="page-header flow-header">
        <h1>{title}</h1>
        <p className="lead">{children}</p>
      </header>
    </>
  );
}
