import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  COLOURING_LEVELS,
  CONTACT_REPLY_HOURS,
  CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH,
  CUSTOM_SCENE_TITLE_MAX_LENGTH,
  DOWNLOAD_LINK_MINUTES,
  PHOTO_MAX_BYTES,
  REFUND_WINDOW_DAYS,
  SCENE_PACKS,
  SESSION_LIFETIME_DAYS,
  SHARE_VOUCHER_PERCENT,
  SINGLE_PHOTO_PENCE,
  formatPence,
} from '@colouring/domain';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { api } from '~/utils/api.server';
import { CACHE_NEVER, CACHE_PUBLIC, cacheControl, pageHeaders } from '~/utils/cache';
import { catalogueForPublicPages } from '~/utils/catalogue.server';
import { breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'FAQ', path: '/faq' },
];

interface Faq {
  question: string;
  answer: string;
  link?: { to: string; label: string };
}

function faqs(sceneCount: number | null, bundleCount: number | null): Faq[] {
  const [starter, adventure] = SCENE_PACKS;
  const scenes = sceneCount
    ? `${sceneCount}+ ready-made scenes${bundleCount ? ` in ${bundleCount} themed bundles` : ''}`
    : 'lots of ready-made scenes in themed bundles';
  return [
    {
      question: 'How does it work?',
      answer:
        'Upload a photo of your child, choose a difficulty level and the scenes you like, then pay securely. We draw your child into every scene and send you a printable A4 PDF.',
      link: { to: '/products', label: 'See our products' },
    },
    {
      question: 'How long does it take?',
      answer: `Making your order takes about 2 minutes. Your download link arrives within ${DOWNLOAD_LINK_MINUTES.min}-${DOWNLOAD_LINK_MINUTES.max} minutes, usually much sooner, and we email your colouring pages to you as well.`,
    },
    {
      question: 'Do I need to create an account?',
      answer:
        'No sign-up is needed. Each order gets its own magic code instead of a password. Keep it safe: it brings you straight back to your order and your download link.',
    },
    {
      question: 'What happens to my child’s photo?',
      answer: `Your photo is never stored. It is used once to personalise the artwork and is deleted after processing. We keep only the line drawing made from it, and only while your session lasts (${SESSION_LIFETIME_DAYS} days).`,
    },
    {
      question: 'What kind of photo works best?',
      answer: `A clear, well-lit, front-facing photo of one child with the whole face visible. Avoid blurry photos, hats, masks or filters covering the face, and group or cluttered pictures. JPEG, PNG or WebP up to ${PHOTO_MAX_BYTES / (1024 * 1024)}MB.`,
    },
    {
      question: 'Which difficulty level should I choose?',
      answer: `There are ${COLOURING_LEVELS.length} levels: ${COLOURING_LEVELS.map((level) => `${level.name} (ages ${level.ages}, ${level.description.toLowerCase()})`).join(', ')}. Pick by your child’s age and patience; you can change it before you pay.`,
    },
    {
      question: 'Which scenes can I choose from?',
      answer: `There are ${scenes}, such as space, dinosaurs, under the sea and fairy-tale castles. You can also write your own scene: a title of up to ${CUSTOM_SCENE_TITLE_MAX_LENGTH} characters and a description of up to ${CUSTOM_SCENE_DESCRIPTION_MAX_LENGTH}. We help you keep it child-friendly.`,
    },
    {
      question: 'How much does it cost?',
      answer: `Colouring page packs start at ${formatPence(starter!.pence)} for up to ${starter!.maxScenes} scenes, and ${formatPence(adventure!.pence)} for up to ${adventure!.maxScenes}; bigger packs cost less per page. A single photo conversion is ${formatPence(SINGLE_PHOTO_PENCE)}. Share us with a friend and you can earn ${SHARE_VOUCHER_PERCENT}% off: use the share box when you choose your scenes, and the voucher comes by email.`,
      link: { to: '/products', label: 'Compare prices' },
    },
    {
      question: 'How do I pay?',
      answer:
        'By card through our secure payment provider, including digital wallets such as Apple Pay and Google Pay. We never see or store your card details. One voucher can be used per purchase.',
    },
    {
      question: 'How do I get my colouring pages?',
      answer: `After payment you can download the PDF straight from the thank-you page, and we email it to you too. The download link arrives within ${DOWNLOAD_LINK_MINUTES.min}-${DOWNLOAD_LINK_MINUTES.max} minutes.`,
    },
    {
      question: 'I’ve lost my download link. What can I do?',
      answer:
        'Your magic code retrieves your link. Use the link in your email, or send us your magic code through the contact form and we’ll help.',
      link: { to: '/contact', label: 'Contact us' },
    },
    {
      question: 'How long can I get back to my order?',
      answer: `Your session expires in ${SESSION_LIFETIME_DAYS} days. After that we delete its drawings and PDFs, so download and save your pages before then.`,
    },
    {
      question: 'What if I’m not happy with my pages?',
      answer: `Tell us within ${REFUND_WINDOW_DAYS} days and we’ll fix the pages or give you a refund. Choose “Not happy with image” on the contact form and include your magic code if you have it.`,
      link: { to: '/contact?category=Not%20happy%20with%20image', label: 'Tell us what went wrong' },
    },
    {
      question: 'Can I print the pages more than once?',
      answer:
        'Yes. The PDF is sized for A4 paper, so print as many copies as your family likes. Thicker paper works well for felt tips and paint.',
    },
    {
      question: 'Do you offer pricing for schools and nurseries?',
      answer: 'Yes, bulk pricing for schools is available on request. Tell us roughly how many children and we’ll get back to you.',
      link: { to: '/contact?category=General%20question', label: 'Ask about bulk pricing' },
    },
  ];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const { sceneCount, bundleCount } = await catalogueForPublicPages(() => api(request, context).getCatalogue());
    return data({ sceneCount, bundleCount }, { headers: cacheControl(CACHE_PUBLIC) });
  } catch {
    return data({ sceneCount: null as number | null, bundleCount: null as number | null }, { headers: cacheControl(CACHE_NEVER) });
  }
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const publicUrl = publicUrlOf(args.matches);
  const list = faqs(args.data?.sceneCount ?? null, args.data?.bundleCount ?? null);
  return pageMeta(args, {
    title: 'Frequently asked questions',
    description:
      'Answers about personalised colouring pages: how it works, photo privacy, difficulty levels, prices, delivery, magic codes and refunds.',
    keywords: ['colouring pages FAQ', 'personalised colouring help', 'photo privacy'],
    structuredData: [
      breadcrumbLd(publicUrl, CRUMBS),
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: list.map((faq) => ({
          '@type': 'Question',
          name: faq.question,
          acceptedAnswer: { '@type': 'Answer', text: faq.answer },
        })),
      },
    ],
  });
};

export default function FaqPage() {
  const { sceneCount, bundleCount } = useLoaderData<typeof loader>();
  const list = faqs(sceneCount, bundleCount);
  return (
    <div className="container page narrow">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page-header">
        <h1>Frequently asked questions</h1>
        <p className="lead">Everything parents usually ask us. Tap a question to see the answer.</p>
      </header>
      <div className="faq-list">
        {list.map((faq, index) => (
          <details key={faq.question} className="faq" id={`faq-${index + 1}`}>
            <summary>
              <h2>{faq.question}</h2>
            </summary>
            <div className="faq__answer">
              <p>{faq.answer}</p>
              {faq.link ? (
                <p>
                  <Link to={faq.link.to}>{faq.link.label}</Link>
                </p>
              ) : null}
            </div>
          </details>
        ))}
      </div>
      <section className="cta-band cta-band--boxed" aria-labelledby="faq-more">
        <h2 id="faq-more">Still have a question?</h2>
        <p>We’re a small team and we read every message. We aim to reply within {CONTACT_REPLY_HOURS} hours.</p>
        <div className="button-row">
          <Link to="/contact" className="button button--primary">
            Contact us
          </Link>
          <Link to="/" className="button button--secondary">
            Back to home
          </Link>
        </div>
      </section>
    </div>
  );
}
