import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { DOT_TO_DOT_PENCE, formatPence } from '@colouring/domain';
import { portraitPhotoAction } from '~/components/flow/portrait-photo-action.server';
import { PortraitPhotoForm } from '~/components/flow/portrait-photo-form';
import { ProductFlowHeader } from '~/components/flow/product-flow-header';
import flowStyles from '~/styles/flow.css?url';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '~/utils/meta';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Products', path: '/products' },
  { name: 'Dot-to-dot', path: '/dot-to-dot' },
];

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: flowStyles }];

export function loader() {
  return data(null, { headers: cacheControl(CACHE_NEVER) });
}

export function action({ request, context }: ActionFunctionArgs) {
  return portraitPhotoAction(request, context, 'dot_to_dot');
}

export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Personalised dot-to-dot book from a photo of your child',
    description: `Upload a photo of your child and get a dot-to-dot book of them to join and colour: three pictures with more dots each time, ${formatPence(DOT_TO_DOT_PENCE)}.`,
    keywords: ['personalised dot to dot', 'dot-to-dot from photo', 'join the dots', 'children activity'],
    canonicalPath: '/dot-to-dot',
    structuredData: breadcrumbLd(publicUrlOf(args.matches), CRUMBS),
  });

export default function DotToDot() {
  return (
    <div className="container page narrow flow-page create-page">
      <ProductFlowHeader crumbs={CRUMBS} title="Personalised dot-to-dot">
        Upload a photo of your child, then highlight their face. We’ll make a {formatPence(DOT_TO_DOT_PENCE)} dot-to-dot book of them: three
        pictures to join with more dots each time, each followed by the finished picture to colour.
      </ProductFlowHeader>

      <PortraitPhotoForm product="dot_to_dot" action="/dot-to-dot" submitLabel="Continue to Checkout" />
    </div>
  );
}
