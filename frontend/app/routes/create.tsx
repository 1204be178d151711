import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { portraitPhotoAction } from '~/components/flow/portrait-photo-action.server';
import { PortraitPhotoForm } from '~/components/flow/portrait-photo-form';
import { ProductFlowHeader } from '~/components/flow/product-flow-header';
import flowStyles from '~/styles/flow.css?url';
import quicksand700 from '@fontsource/quicksand/files/quicksand-latin-700-normal.woff2?url';
import { CACHE_NEVER_NO_SECRET, cacheControl, pageHeaders } from '~/utils/cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Create', path: '/create' },
];

export const links: LinksFunction = () => [
  // The headings' weight, fetched beside the stylesheets rather than after them (decision 018).
  { rel: 'preload', href: quicksand700, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: flowStyles },
];

// The empty form: nothing of anyone's on it, so it is compressed (decision 018); its answers stay CACHE_NEVER.
export function loader() {
  return data(null, { headers: cacheControl(CACHE_NEVER_NO_SECRET) });
}

export function action({ request, context }: ActionFunctionArgs) {
  return portraitPhotoAction(request, context, 'custom_scenes');
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Create your personalised colouring pages in 2 simple steps',
    description:
      'A simple 2-step process: upload a photo of your child, highlight their face, and we turn it into personalised cartoon colouring pages. No sign-up needed.',
    keywords: ['personalised colouring pages', 'photo to colouring page', 'custom colouring book', 'upload photo'],
    canonicalPath: '/create',
    structuredData: breadcrumbLd(publicUrlOf(args.matches), CRUMBS),
  });

export default function Create() {
  return (
    <div className="container page narrow flow-page create-page">
      <ProductFlowHeader crumbs={CRUMBS} title="Create your colouring pages">
        A simple 2-step process: upload a photo of your child, then highlight their face. We’ll turn it into personalised cartoon colouring
        pages.
      </ProductFlowHeader>

      <PortraitPhotoForm product="custom_scenes" action="/create" submitLabel="Continue to Scene Selection" />
    </div>
  );
}
