import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  COLOURING_LEVELS,
  CURRENCY,
  DOT_TO_DOT_PENCE,
  HOME_HERO_PAGES,
  HOME_PREVIEW_SIZE,
  HOME_PREVIEWS,
  SCENE_PACKS,
  samplePicturePath,
  samplePictureSrcSet,
  SINGLE_PHOTO_PENCE,
  formatPence,
  priceForScenes,
} from '@colouring/domain';
import { Icon, type IconName } from '~/components/icons';
import { PreviewStrip, type PreviewImage } from '~/components/preview-strip';
import { ReviewCarousel } from '~/components/review-carousel';
import { REVIEWS } from '~/content/reviews';
import { api } from '~/utils/api.server';
import { CACHE_NEVER, CACHE_PUBLIC, cacheControl, pageHeaders } from '~/utils/cache';
import { catalogueForPublicPages } from '~/utils/catalogue.server';
import { absoluteUrl, organisationLd, pageMeta, publicUrlOf } from '~/utils/meta';
import { SITE_NAME } from '~/utils/site';

/** Real pages the engine drew when the shop was built (decision 033). */
const PREVIEWS: readonly PreviewImage[] = HOME_PREVIEWS.map((p) => ({
  src: samplePicturePath(p.file),
  srcSet: samplePictureSrcSet(p.file),
  alt: p.alt,
}));

/** The two packs the home page's structured data offers. */
const FEATURED_PACKS = [
  { name: 'Starter Pack', pages: 5 },
  { name: 'Adventure Pack', pages: 10 },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const catalogue = await catalogueForPublicPages(() => api(request, context).getCatalogue());
    return data({ sceneCount: catalogue.sceneCount }, { headers: cacheControl(CACHE_PUBLIC) });
  } catch (error) {
    // The home page still works without the catalogue; it just leaves the count out (and isn't cached).
    console.warn('Home: catalogue unavailable', error instanceof Error ? error.message : error);
    return data({ sceneCount: null as number | null }, { headers: cacheControl(CACHE_NEVER) });
  }
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const publicUrl = publicUrlOf(args.matches);
  return pageMeta(args, {
    title: `${SITE_NAME}: personalised colouring pages from your photos`,
    description:
      'Turn a photo of your child into personalised colouring pages. Takes just 2 minutes, no sign-up, several difficulty levels and an instant A4 PDF download.',
    keywords: ['personalised colouring pages', 'colouring pages from photo', 'custom colouring book', 'kids colouring', 'printable A4'],
    structuredData: [
      organisationLd(publicUrl),
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url: absoluteUrl(publicUrl, '/'),
        inLanguage: 'en-GB',
      },
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Personalised colouring pages',
        description: 'Colouring pages featuring your child, made from one photo and delivered as a printable A4 PDF.',
        image: absoluteUrl(publicUrl, '/social/og-image3.jpg'),
        brand: { '@type': 'Brand', name: SITE_NAME },
        offers: FEATURED_PACKS.map((pack) => ({
          '@type': 'Offer',
          name: `${pack.name} (${pack.pages} pages)`,
          price: (priceForScenes(pack.pages).pence / 100).toFixed(2),
          priceCurrency: CURRENCY,
          availability: 'https://schema.org/InStock',
          url: absoluteUrl(publicUrl, '/create'),
        })),
      },
      ...[
        {
          name: 'Single photo conversion',
          description: 'Any photo turned into an A4 colouring page, from one photo to a whole class.',
          pence: SINGLE_PHOTO_PENCE,
          path: '/single-photo',
        },
        {
          name: 'Personalised dot-to-dot',
          description: 'A dot-to-dot book of your child: three pictures to join, each with its finished picture to colour.',
          pence: DOT_TO_DOT_PENCE,
          path: '/dot-to-dot',
        },
      ].map((product) => ({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        brand: { '@type': 'Brand', name: SITE_NAME },
        offers: {
          '@type': 'Offer',
          price: (product.pence / 100).toFixed(2),
          priceCurrency: CURRENCY,
          availability: 'https://schema.org/InStock',
          url: absoluteUrl(publicUrl, product.path),
        },
      })),
    ],
  });
};

/** Keeps an age range such as 2-4 on one line. */
function noBreak(range: string): string {
  return range.replace(/-/g, '\u2011');
}

export default function Home() {
  const { sceneCount } = useLoaderData<typeof loader>();
  const starter = SCENE_PACKS[0];
  const promises: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
    { icon: 'clock', title: 'About 2 minutes', text: 'Upload, pick scenes, done.' },
    { icon: 'noSignup', title: 'No sign-up', text: 'No account or password needed.' },
    {
      icon: 'scenes',
      title: sceneCount ? `${sceneCount}+ scenes` : 'Lots of scenes',
      text: 'Space, dinosaurs, castles and more – or write your own.',
    },
    {
      icon: 'levels',
      title: `${COLOURING_LEVELS.length} difficulty levels`,
      text: `From big simple shapes (ages ${noBreak(COLOURING_LEVELS[0]!.ages)}) to intricate detail (${noBreak(COLOURING_LEVELS[COLOURING_LEVELS.length - 1]!.ages)}).`,
    },
    { icon: 'download', title: 'Instant download', text: 'A printable A4 PDF, also sent by email.' },
  ];

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1>Turn your photos into personalised colouring pages</h1>
            <p className="hero__subline">Takes just 2 minutes – no sign-up required!</p>
            <p className="hero__text">
              Upload one photo and your child becomes the star of every page: blasting into space, riding a dinosaur or exploring a castle.
              Print at home on A4 and colour together.
            </p>
            <div className="hero__actions">
              <Link to="/products" className="button button--primary button--large" prefetch="intent" data-analytics-click="get_started">
                Get Started
              </Link>
              <p className="hero__price">
                Packs from <strong>{formatPence(starter!.pence)}</strong>
              </p>
            </div>
          </div>
          {/* Two of the sample pages below (described there), so each picture is fetched once. */}
          <div className="hero__art" aria-hidden="true">
            {HOME_HERO_PAGES.map((file, i) => (
              <img
                key={file}
                src={samplePicturePath(file)}
                srcSet={samplePictureSrcSet(file)}
                // A page is 68% of the hero's picture: 280 px wide on a phone, 420 px from 860 px up (app.css .hero__art).
                sizes="(min-width: 860px) 290px, 190px"
                alt=""
                width={HOME_PREVIEW_SIZE.width}
                height={HOME_PREVIEW_SIZE.height}
                // The front page is the largest paint: fetched first (React 18 passes the attribute only in lower case).
                {...(i === 1 ? { fetchpriority: 'high' } : {})}
                className={`hero__page hero__page--${i === 0 ? 'back' : 'front'}`}
              />
            ))}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="promises-heading">
        <h2 id="promises-heading" className="visually-hidden">
          Why parents choose us
        </h2>
        <ul className="promise-grid">
          {promises.map((promise) => (
            <li key={promise.icon} className="promise-card">
              <span className="promise-card__icon">
                <Icon name={promise.icon} />
              </span>
              <h3>{promise.title}</h3>
              <p>{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tint" aria-labelledby="how-heading">
        <div className="container">
          <h2 id="how-heading">How it works</h2>
          <ol className="steps">
            <li>
              <h3>Upload a photo</h3>
              <p>A clear, smiling, front-facing photo works best. We use it once and then delete it.</p>
            </li>
            <li>
              <h3>Choose scenes and level</h3>
              <p>Pick a ready-made bundle or describe your own scenes, and a level that suits your child’s age.</p>
            </li>
            <li>
              <h3>Download and print</h3>
              <p>Pay securely and your A4 PDF is ready to download, with a copy in your inbox.</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="container section" aria-labelledby="previews-heading">
        <h2 id="previews-heading">A peek at the pages</h2>
        <p className="section__intro">Every page is drawn around your child, ready for crayons, pencils or felt tips.</p>
        <PreviewStrip images={PREVIEWS} />
      </section>

      <section className="section section--tint" aria-labelledby="reviews-heading">
        <div className="container">
          <h2 id="reviews-heading">What families say</h2>
          <ReviewCarousel reviews={REVIEWS} />
        </div>
      </section>

      <section className="container section cta-band">
        <h2>Ready to make something they’ll love?</h2>
        <Link to="/products" className="button button--primary button--large" data-analytics-click="get_started_footer">
          Get Started
        </Link>
        <p className="feedback-line">
          <Link to="/contact">Not 100% happy or want to share feedback?</Link>
        </p>
      </section>
    </>
  );
}
