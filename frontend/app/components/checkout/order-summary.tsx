import { formatPence } from '@colouring/domain';

export interface OrderSummaryView {
  childName: string;
  level: { id: number; name: string; ages: string } | null;
  scenes: { id: string; title: string }[];
  price: {
    sceneCount: number;
    packName: string | null;
    subtotalPence: number;
    perSheetPence: number;
    voucher: { code: string; percent: number } | null;
    discountPence: number;
    totalPence: number;
  };
  voucherMessage: string | null;
}

/** The order as the server will charge it: scenes, pack, price, voucher and total. */
export function OrderSummary({ order }: { order: OrderSummaryView }) {
  const { price } = order;
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order summary</h2>
      <dl className="order-summary__facts">
        {order.childName ? (
          <div>
            <dt>Colouring book for</dt>
            <dd>{order.childName}</dd>
          </div>
        ) : null}
        {order.level ? (
          <div>
            <dt>Difficulty level</dt>
            <dd>
              Level {order.level.id}: {order.level.name} (ages {order.level.ages})
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Pack</dt>
          <dd>
            {price.packName} Pack: {price.sceneCount} page{price.sceneCount === 1 ? '' : 's'} at {formatPence(price.perSheetPence)} a page
          </dd>
        </div>
      </dl>

      <details className="order-summary__scenes" open={order.scenes.length <= 10}>
        <summary>
          {order.scenes.length} scene{order.scenes.length === 1 ? '' : 's'}
        </summary>
        <ol>
          {order.scenes.map((scene) => (
            <li key={scene.id}>
              {scene.title}
              {scene.id.startsWith('custom:') ? <span className="order-summary__tag">Your own scene</span> : null}
            </li>
          ))}
        </ol>
      </details>

      <table className="order-summary__totals">
        <caption className="visually-hidden">Price</caption>
        <tbody>
          <tr>
            <th scope="row">{price.packName} Pack</th>
            <td>{formatPence(price.subtotalPence)}</td>
          </tr>
          {price.voucher ? (
            <tr className="order-summary__discount">
              <th scope="row">
                Voucher {price.voucher.code} ({price.voucher.percent}% off)
              </th>
              <td>−{formatPence(price.discountPence)}</td>
            </tr>
          ) : null}
          <tr className="order-summary__total">
            <th scope="row">Total</th>
            <td>{formatPence(price.totalPence)}</td>
          </tr>
        </tbody>
      </table>
      {order.voucherMessage ? (
        <p className="order-summary__voucher-problem" role="alert">
          {order.voucherMessage}. The price above is without it: remove the voucher under ‘Update Scene Selection’ to pay.
        </p>
      ) : null}
    </section>
  );
}
