import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect, redirectDocument } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import {
  ApiErrorCode,
  CHECKOUT_MESSAGES,
  COLOURING_LEVELS,
  DOWNLOAD_LINK_MINUTES,
  formatPence,
  REFUND_WINDOW_DAYS,
} from '@colouring/domain';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { OrderSummary, type OrderSummaryView } from '~/components/checkout/order-summary';
import scenesStyles from '~/styles/scenes.css?url';
import { api, isApiError, isSessionGone } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta } from '~/utils/meta';
import { forgetMagicCode, requireMagicCode } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'Choose scenes', path: '/choose-scenes' },
  { name: 'Checkout', path: '/checkout' },
];

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: scenesStyles }];

export const headers = pageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Checkout',
    description: 'Check your colouring book order and pay securely by card.',
    noIndex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const client = api(request, context);
  try {
    const [summary, session] = await Promise.all([client.checkoutSummary(magicCode), client.currentSession(magicCode)]);
    const level = COLOURING_LEVELS.find((l) => l.id === session.level) ?? null;
    const { sceneCount, packName, subtotalPence, perSheetPence, voucher, discountPence, totalPence } = summary.price;
    const order: OrderSummaryView = {
      childName: session.childName,
      level: level && { id: level.id, name: level.name, ages: level.ages },
      scenes: summary.scenes,
      price: { sceneCount, packName, subtotalPence, perSheetPence, voucher, discountPence, totalPence },
      voucherMessage: summary.voucherMessage ?? null,
    };
    return data({ order }, { headers: cacheControl(CACHE_NEVER) });
  } catch (error) {
    if (isSessionGone(error)) throw redirect('/create', { headers: { 'Set-Cookie': await forgetMagicCode() } });
    if (isApiError(error) && error.is(ApiErrorCode.NothingChosen)) {
      throw await redirectWithToast('/products', { type: 'error', description: CHECKOUT_MESSAGES.nothingChosen });
    }
    // SPEC: when the session cannot be loaded, start again at /create.
    throw await redirectWithToast('/create', { type: 'error', description: CHECKOUT_MESSAGES.sessionLoadFailed });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  try {
    const { url } = await api(request, context).startCheckout(magicCode);
    // The card provider's page is not a Remix route: the browser loads it as a whole document.
    return redirectDocument(url, { status: 303, headers: cacheControl(CACHE_NEVER) });
  } catch (error) {
    if (isSessionGone(error)) throw redirect('/create', { headers: { 'Set-Cookie': await forgetMagicCode() } });
    // A voucher that stopped applying, or nothing chosen, says so in SPEC's words (the API's message); so does a voucher
    // that could not be checked at all. Anything else is the provider failing.
    const saysWhy = isApiError(error) && (error.isRefusal || error.is(ApiErrorCode.VoucherCheckFailed));
    const description = saysWhy ? error.message : CHECKOUT_MESSAGES.startFailed;
    return redirectWithToast('/checkout', { type: 'error', description }, { status: 303 });
  }
}

export default function Checkout() {
  const { order } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const paying = navigation.state !== 'idle' && navigation.formAction === '/checkout';

  return (
    <div className="container page checkout-page">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page-header">
        <h1>Checkout</h1>
        <p className="lead">Check your order, then pay securely by card or wallet. Your pages are made as soon as you have paid.</p>
      </header>

      <div className="checkout-layout">
        <OrderSummary order={order} />

        <aside className="checkout-pay" aria-labelledby="pay-title">
          <h2 id="pay-title">Payment</h2>
          <p className="checkout-pay__total">
            Total <strong>{formatPence(order.price.totalPence)}</strong>
          </p>
          <Form method="post" action="/checkout">
            <button type="submit" className="button button--primary button--large checkout-pay__button" disabled={paying}>
              {paying ? 'Taking you to payment…' : `Pay ${formatPence(order.price.totalPence)} securely`}
            </button>
          </Form>
          <Link to="/choose-scenes" className="button button--secondary checkout-pay__back">
            Update Scene Selection
          </Link>
          <ul className="checkout-pay__promises">
            <li>Payment by card through our payment provider, including Apple Pay and Google Pay.</li>
            <li>
              Your PDF download link arrives by email within {DOWNLOAD_LINK_MINUTES.min}-{DOWNLOAD_LINK_MINUTES.max} minutes.
            </li>
            <li>Not happy? We fix it or refund you within {REFUND_WINDOW_DAYS} days.</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
