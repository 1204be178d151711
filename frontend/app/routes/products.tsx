import type { MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link } from '@remix-run/react';
import {
  COLLECTOR_BASE_SCENES,
  COLLECTOR_PENCE_PER_EXTRA_SCENE,
  COLOURING_LEVELS,
  CURRENCY,
  DOT_TO_DOT_PENCE,
  HOME_PREVIEW_SIZE,
  PRODUCT_PICTURES,
  SCENE_PACKS,
  SINGLE_PHOTO_PENCE,
  samplePicturePath,
  formatPence,
} from '@colouring/domain';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { Icon } from '~/components/icons';
import { CACHE_PUBLIC, cacheControl, pageHeaders } from '~/utils/cache';
import { absoluteUrl, breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Products', path: '/products' },
];

export function loader() {
  return data(null, { headers: cacheControl(CACHE_PUBLIC) });
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const publicUrl = publicUrlOf(args.matches);
  return pageMeta(args, {
    title: 'Products: colouring pages, photo conversions and dot-to-dot',
    description: `Personalised colouring pages from ${formatPence(SCENE_PACKS[0]!.pence)}, single photo conversion for ${formatPence(SINGLE_PHOTO_PENCE)}, and a personalised dot-to-dot book for ${formatPence(DOT_TO_DOT_PENCE)}.`,
    keywords: ['personalised colouring pages price', 'photo to colouring page', 'dot-to-dot'],
    structuredData: [
      breadcrumbLd(publicUrl, CRUMBS),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: [
          { name: 'Custom colouring pages', pence: SCENE_PACKS[0]!.pence, path: '/create' },
          { name: 'Single photo conversion', pence: SINGLE_PHOTO_PENCE, path: '/single-photo' },
          { name: 'Personalised dot-to-dot', pence: DOT_TO_DOT_PENCE, path: '/dot-to-dot' },
        ].map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          item: {
            '@type': 'Product',
            name: item.name,
            offers: {
              '@type': 'Offer',
              price: (item.pence / 100).toFixed(2),
              priceCurrency: CURRENCY,
              url: absoluteUrl(publicUrl, item.path),
            },
          },
        })),
      },
    ],
  });
};

/** A product's sample page as the engine draws it, decorative beside the card's words (decision 033). */
function ProductPicture({ file }: { file: string }) {
  return (
    <img
      src={samplePicturePath(file, 300)}
      alt=""
      width={HOME_PREVIEW_SIZE.width}
      height={HOME_PREVIEW_SIZE.height}
      className="product-card__image"
    />
  );
}

export default function Products() {
  return (
    <div className="container page">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page-header">
        <h1>Choose what to make</h1>
        <p className="lead">Every product starts with one photo of your child. Pick the one that suits you.</p>
      </header>

      <ul className="product-grid">
        <li className="product-card product-card--featured">
          <span className="badge badge--popular">Most popular</span>
          <ProductPicture file={PRODUCT_PICTURES.colouring} />
          <h2>Custom colouring pages</h2>
          <p className="product-card__price">
            from <strong>{formatPence(SCENE_PACKS[0]!.pence)}</strong>
          </p>
          <p>
            Your child in every scene. Choose a difficulty level and ready-made bundles, or write your own scenes. Delivered as a printable
            A4 PDF.
          </p>
          <ul className="tick-list">
            <li>
              <Icon name="check" /> Bundles of space, dinosaurs, castles and more
            </li>
            <li>
              <Icon name="check" /> Write your own custom scenes
            </li>
            <li>
              <Icon name="check" /> The more scenes, the less per page
            </li>
          </ul>
          <Link to="/create" className="button button--primary" prefetch="intent" data-analytics-click="product_custom_scenes">
            Create colouring pages
          </Link>
        </li>

        <li className="product-card">
          <span className="badge badge--available">Available now</span>
          <ProductPicture file={PRODUCT_PICTURES.singlePhoto} />
          <h2>Single photo conversion</h2>
          <p className="product-card__price">
            <strong>{formatPence(SINGLE_PHOTO_PENCE)}</strong> per photo
          </p>
          <p>Turn any favourite photo into one colouring page, in portrait or landscape. Add more photos and save.</p>
          <ul className="tick-list">
            <li>
              <Icon name="check" /> Portrait or landscape
            </li>
            <li>
              <Icon name="check" /> {COLOURING_LEVELS.length} difficulty levels
            </li>
            <li>
              <Icon name="check" /> Cheaper per photo when you add more
            </li>
          </ul>
          <Link to="/single-photo" className="button button--secondary" prefetch="intent" data-analytics-click="product_single_photo">
            Convert a photo
          </Link>
        </li>

        <li className="product-card">
          <span className="badge badge--available">New</span>
          <ProductPicture file={PRODUCT_PICTURES.dotToDot} />
          <h2>Personalised dot-to-dot</h2>
          <p className="product-card__price">
            <strong>{formatPence(DOT_TO_DOT_PENCE)}</strong>
          </p>
          <p>Join the dots to reveal your child’s own picture. A lovely way to practise counting and pencil control.</p>
          <p>
            A little book: three pictures of your child to join, with more dots each time, each followed by the finished picture to colour.
          </p>
          <Link to="/dot-to-dot" className="button button--secondary" prefetch="intent" data-analytics-click="product_dot_to_dot">
            Make a dot-to-dot
          </Link>
        </li>
      </ul>

      <section className="section" aria-labelledby="packs-heading">
        <h2 id="packs-heading">Colouring page packs</h2>
        <p className="section__intro">Pick any mix of scenes; the price follows how many you choose.</p>
        <div className="table-wrap">
          <table className="pack-table">
            <caption className="visually-hidden">Price of custom colouring pages by number of scenes</caption>
            <thead>
              <tr>
                <th scope="col">Pack</th>
                <th scope="col">Scenes</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {SCENE_PACKS.map((pack, index) => {
                const previousMax = index === 0 ? 0 : (SCENE_PACKS[index - 1]!.maxScenes ?? 0);
                return (
                  <tr key={pack.name}>
                    <th scope="row">{pack.name}</th>
                    <td>{pack.maxScenes === null ? `${previousMax + 1} or more` : `up to ${pack.maxScenes}`}</td>
                    <td>
                      {formatPence(pack.pence)}
                      {pack.maxScenes === null
                        ? ` + ${formatPence(COLLECTOR_PENCE_PER_EXTRA_SCENE)} per scene over ${COLLECTOR_BASE_SCENES}`
                        : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className="cta-band cta-band--boxed" aria-labelledby="products-cta">
        <h2 id="products-cta">Not sure where to start?</h2>
        <p>Most families begin with custom colouring pages. It takes about 2 minutes and there’s nothing to sign up for.</p>
        <Link to="/create" className="button button--primary button--large">
          Start creating
        </Link>
      </section>
    </div>
  );
}
