import { formatPence } from '@colouring/domain';
import { escapeHtml } from '../../common/html.js';
import type { TestCheckout } from '../../infra/payments.js';

/** The pay page may load nothing but itself, and be framed by nobody. */
export const TEST_CHECKOUT_CSP = "default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The test provider's pay page: plain HTML with two forms, so it works without JavaScript. */
export function testCheckoutPage(checkout: TestCheckout): string {
  const { item } = checkout.order;
  const total = formatPence(item.amountPence);
  const base = `/api/payments/test-checkout/${encodeURIComponent(checkout.id)}`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test payment: ${escapeHtml(total)}</title>
</head>
<body>
<main>
<h1>Test payment</h1>
<p>This is the shop's local test payment provider. No card is charged and no money moves.</p>
<h2>Your order</h2>
<dl>
<dt>Item</dt><dd>${escapeHtml(item.name)}</dd>
<dt>Details</dt><dd>${escapeHtml(item.description)}</dd>
<dt>Total</dt><dd>${escapeHtml(total)}</dd>
</dl>
<form method="post" action="${base}/pay">
<button type="submit">Pay ${escapeHtml(total)} (test)</button>
</form>
<form method="post" action="${base}/cancel">
<button type="submit">Cancel</button>
</form>
</main>
</body>
</html>
`;
}
