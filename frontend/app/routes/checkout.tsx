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
  VOUCHER_CHECKOUT_MESSAGES,
  type ProductType,
} from '@colouring/domain';
import { Breadcrumbs } from '~/components/breadcrumbs';
import { OrderSummary, type OrderSummaryView } from '~/components/checkout/order-summary';
import scenesStyles from '~/styles/scenes.css?url';
import { api, isApiError, isSessionGone } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl, pageHeaders } from '~/utils/cache';
import { pageMeta } from '~/utils/meta';
import { forgetMagicCode, requireMagicCode } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: scenesStyles }];

export const headers = pageHeaders;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Checkout',
    description: 'Check your colouring book order and pay securely by card.',
    noIndex: true,
  });

/** Where the parent goes to change what is in the order, by product: the link's words and the breadcrumb before checkout. */
const CHANGE_LINK: Record<ProductType, { to: string; label: string; crumb: string }> = {
  custom_scenes: { to: '/choose-scenes', label: 'Update Scene Selection', crumb: 'Choose scenes' },
  single_photo: { to: '/single-photo', label: 'Change your photos', crumb: 'Single photo' },
  dot_to_dot: { to: '/dot-to-dot', label: 'Change the dot-to-dot details', crumb: 'Dot-to-dot' },
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const client = api(request, context);
  try {
    const [summary, session] = await Promise.all([client.checkoutSummary(magicCode), client.currentSession(magicCode)]);
    const level = COLOURING_LEVELS.find((l) => l.id === session.level) ?? null;
    const order: OrderSummaryView = {
      ...summary,
      bookFor: summary.product === 'single_photo' ? null : session.childName,
      level: level && { id: level.id, name: level.name, ages: level.ages },
    };
    return data({ order, change: CHANGE_LINK[summary.product] }, { headers: cacheControl(CACHE_NEVER) });
  } catch (error) {
    if (isSessionGone(error)) throw redirect('/create', { headers: { 'Set-Cookie': await forgetMagicCode() } });
    if (isApiError(error) && error.is(ApiErrorCode.NothingChosen)) {
      throw await redirectWithToast('/products', { type: 'error', description: CHECKOUT_MESSAGES.nothingChosen });
    }
    // A single-photo order without a valid email goes back to the page that asks for it, saying so.
    if (isApiError(error) && error.fieldErrors.email) {
      throw await redirectWithToast('/single-photo', { type: 'error', description: error.fieldErrors.email });
    }
    // SPEC: when the session cannot be loaded, start again at /create.
    throw await redirectWithToast('/create', { type: 'error', description: CHECKOUT_MESSAGES.sessionLoadFailed });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const magicCode = await requireMagicCode(request);
  const client = api(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'apply-voucher' || intent === 'remove-voucher') {
    const code = intent === 'apply-voucher' ? String(form.get('voucherCode') ?? '').trim() : '';
    try {
      await client.setCheckoutVoucher(magicCode, { voucherCode: code || null });
      const description = code ? `Voucher ${code.toUpperCase()} applied.` : 'Voucher removed.';
      return redirectWithToast('/checkout', { type: 'success', description }, { status: 303 });
    } catch (error) {
      if (isSessionGone(error)) throw redirect('/create', { headers: { 'Set-Cookie': await forgetMagicCode() } });
      const description = isApiError(error) && error.isRefusal ? error.message : VOUCHER_CHECKOUT_MESSAGES.validationError;
      return redirectWithToast('/checkout', { type: 'error', description }, { status: 303 });
    }
  }
  try {
    const { url } = await client.startCheckout(magicCode);
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
  const { order, change } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/checkout';
  const paying = busy && navigation.formData?.get('intent') === 'pay';
  const voucher = order.price.voucher;

  return (
    <div className="container page checkout-page">
      <Breadcrumbs
        crumbs={[
          { name: 'Home', path: '/' },
          { name: change.crumb, path: change.to },
          { name: 'Checkout', path: '/checkout' },
        ]}
      />
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
          <Form method="post" action="/checkout" className="checkout-voucher" aria-labelledby="voucher-title">
            <h3 id="voucher-title">Voucher</h3>
            {voucher ? (
              // An applied discount locks the code until it is removed (SPEC §4); one voucher per purchase.
              <p className="checkout-voucher__applied">
                <span>
                  <strong>{voucher.code}</strong>: {voucher.percent}% off
                </span>
                <button type="submit" name="intent" value="remove-voucher" className="link-button" disabled={busy}>
                  Remove
                </button>
              </p>
            ) : (
              <div className="checkout-voucher__row">
                <label htmlFor="voucherCode" className="visually-hidden">
                  Voucher code
                </label>
                <input
                  id="voucherCode"
                  name="voucherCode"
                  type="text"
                  autoComplete="off"
                  maxLength={60}
                  placeholder="Voucher code"
                  required
                />
                <button type="submit" name="intent" value="apply-voucher" className="button button--secondary" disabled={busy}>
                  Apply
                </button>
              </div>
            )}
          </Form>
          <Form method="post" action="/checkout">
            <button
              type="submit"
              name="intent"
              value="pay"
              className="button button--primary button--large checkout-pay__button"
              disabled={busy}
            >
              {paying ? 'Taking you to payment…' : `Pay ${formatPence(order.price.totalPence)} securely`}
            </button>
          </Form>
          <Link to={change.to} className="button button--secondary checkout-pay__back">
            {change.label}
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
