import type { MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { Icon, type IconName } from '~/components/icons';
import { CACHE_PUBLIC, cacheControl, pageHeaders } from '~/utils/cache';
import { breadcrumbLd, organisationLd, pageMeta, publicUrlOf } from '~/utils/meta';
import { SITE_NAME } from '~/utils/site';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'About Us', path: '/about' },
];

const VALUES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'heart',
    title: 'Family First',
    text: 'We make things we’d happily give our own children, and we treat your family’s photos the way we’d want ours treated.',
  },
  {
    icon: 'sparkle',
    title: 'Quality & Care',
    text: 'Clean lines, sensible detail for each age and pages that print beautifully. If something isn’t right, we fix it.',
  },
  {
    icon: 'bulb',
    title: 'Innovation',
    text: 'Clever technology does the drawing, so a personalised colouring book takes minutes rather than days.',
  },
  {
    icon: 'hand',
    title: 'Accessibility',
    text: 'Simple to use on any phone, fair prices, no account to create, and pages that little hands can enjoy.',
  },
];

export function loader() {
  return data(null, { headers: cacheControl(CACHE_PUBLIC) });
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const publicUrl = publicUrlOf(args.matches);
  return pageMeta(args, {
    title: 'About us',
    description: `The story behind ${SITE_NAME}: personalised colouring pages that put your child at the heart of every picture.`,
    keywords: ['about us', 'personalised colouring pages', 'family business'],
    structuredData: [breadcrumbLd(publicUrl, CRUMBS), organisationLd(publicUrl)],
  });
};

export default function About() {
  return (
    <div className="container page">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page-header narrow">
        <h1>About us</h1>
        <p className="lead">We help families turn everyday photos into colouring pages their children will treasure.</p>
      </header>

      <div className="about-grid">
        <section aria-labelledby="story-heading">
          <h2 id="story-heading">Our story</h2>
          <p>
            It started at a kitchen table on a rainy afternoon. A bored four-year-old, a pile of colouring books she’d already finished, and
            one question: “Can I colour <em>me</em>?”
          </p>
          <p>
            Drawing her by hand took an evening. Seeing her face light up when she found herself riding a dinosaur took a second. We wanted
            every family to have that moment without needing an evening, or any drawing skills, to get there. {SITE_NAME} is the result.
          </p>
        </section>
        <section aria-labelledby="mission-heading">
          <h2 id="mission-heading">Our mission</h2>
          <p>
            To make creative, screen-free time special by putting children at the heart of the story. A child who sees themselves as an
            astronaut, a knight or an explorer colours for longer, talks about it more and keeps the pages.
          </p>
        </section>
      </div>

      <section className="section" aria-labelledby="why-heading">
        <h2 id="why-heading">Why choose us</h2>
        <ul className="tick-list tick-list--large">
          <li>
            <Icon name="check" /> Personal pages in about 2 minutes, with no sign-up.
          </li>
          <li>
            <Icon name="check" /> Your photo is never stored: it is used once and deleted after processing.
          </li>
          <li>
            <Icon name="check" /> Difficulty levels from toddlers to confident colourers.
          </li>
          <li>
            <Icon name="check" /> A printable A4 PDF, downloaded instantly and emailed to you.
          </li>
          <li>
            <Icon name="check" /> Real people who reply, and a refund or a fix if something isn’t right.
          </li>
        </ul>
      </section>

      <section className="section" aria-labelledby="values-heading">
        <h2 id="values-heading">Our values</h2>
        <ul className="value-grid">
          {VALUES.map((value) => (
            <li key={value.title} className="value-card">
              <span className="promise-card__icon">
                <Icon name={value.icon} />
              </span>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="cta-band cta-band--boxed" aria-labelledby="about-cta">
        <h2 id="about-cta">Make your first pages</h2>
        <p>Have a question first? We’re always happy to help.</p>
        <div className="button-row">
          <Link to="/create" className="button button--primary">
            Create colouring pages
          </Link>
          <Link to="/contact" className="button button--secondary">
            Contact us
          </Link>
        </div>
      </section>
    </div>
  );
}
