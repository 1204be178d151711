import {
  COLOURING_LEVELS,
  formatPence,
  PHOTO_ASPECTS,
  SINGLE_PHOTO_MESSAGES,
  type CheckoutSummary,
  type PriceTotals,
} from '@colouring/domain';

/** The server's summary of the order, with the session's name and level where the product has them. */
export type OrderSummaryView = CheckoutSummary & {
  /** The child the book is for; null for a single-photo order, which names nobody. */
  bookFor: string | null;
  level: { id: number; name: string; ages: string } | null;
};

const levelName = (id: number): string => {
  const level = COLOURING_LEVELS.find((l) => l.id === id);
  return level ? `Level ${level.id}: ${level.name}` : `Level ${id}`;
};

/** The order as the server will charge it, by product: what is in it, the price, the voucher and the total. */
export function OrderSummary({ order }: { order: OrderSummaryView }) {
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order summary</h2>
      {order.product === 'custom_scenes' ? <ScenesOrder order={order} /> : null}
      {order.product === 'single_photo' ? <PhotosOrder order={order} /> : null}
      {order.product === 'dot_to_dot' ? <DotToDotOrder order={order} /> : null}
      {order.voucherMessage ? (
        <p className="order-summary__voucher-problem" role="alert">
          {order.voucherMessage}. The price above is without it: remove the voucher to pay.
        </p>
      ) : null}
    </section>
  );
}

function ScenesOrder({ order }: { order: Extract<OrderSummaryView, { product: 'custom_scenes' }> }) {
  const { price } = order;
  return (
    <>
      <dl className="order-summary__facts">
        {order.bookFor ? (
          <div>
            <dt>Colouring book for</dt>
            <dd>{order.bookFor}</dd>
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
      <Totals label={`${price.packName} Pack`} price={price} />
    </>
  );
}

function PhotosOrder({ order }: { order: Extract<OrderSummaryView, { product: 'single_photo' }> }) {
  const { price, photos } = order;
  const count = `${price.photoCount} photo${price.photoCount === 1 ? '' : 's'}`;
  return (
    <>
      <dl className="order-summary__facts">
        <div>
          <dt>Single photo conversion</dt>
          <dd>
            {count}, one A4 colouring page each
            {price.photoCount > 1 ? ` (${formatPence(price.perPhotoPence)} per photo)` : ''}
          </dd>
        </div>
        {price.savingsPence > 0 ? (
          <div>
            <dt>You save</dt>
            <dd>{formatPence(price.savingsPence)}</dd>
          </div>
        ) : null}
      </dl>
      {price.largeOrder ? (
        <p className="order-summary__note">
          <strong>{SINGLE_PHOTO_MESSAGES.largeOrder}:</strong> your PDF will take a little longer to make.
        </p>
      ) : null}
      <details className="order-summary__scenes" open={photos.length <= 10}>
        <summary>{count}</summary>
        <ol className="order-summary__photos">
          {photos.map((photo) => (
            <li key={photo.id}>
              <img
                src={`/single-photo/art/${photo.id}.png?level=${photo.level}`}
                alt={`Colouring page ${photo.number}`}
                width={photo.aspect === 'landscape' ? 85 : 60}
                height={photo.aspect === 'landscape' ? 60 : 85}
                loading="lazy"
              />
              <span>
                Photo {photo.number}: {levelName(photo.level)}, {PHOTO_ASPECTS.find((a) => a.id === photo.aspect)?.label ?? photo.aspect}
              </span>
            </li>
          ))}
        </ol>
      </details>
      <Totals label={count} price={price} />
    </>
  );
}

function DotToDotOrder({ order }: { order: Extract<OrderSummaryView, { product: 'dot_to_dot' }> }) {
  return (
    <>
      <dl className="order-summary__facts">
        <div>
          <dt>Personalised dot-to-dot book for</dt>
          <dd>{order.childName}</dd>
        </div>
        <div>
          <dt>Pages</dt>
          <dd>
            {order.pageCount}: a cover, three dot-to-dot pictures of {order.childName} with more dots each time, each followed by the
            finished picture to colour, and a closing page
          </dd>
        </div>
        <div>
          <dt>Difficulty level</dt>
          <dd>{levelName(order.level?.id ?? 2)}</dd>
        </div>
      </dl>
      <Totals label="Dot-to-dot book" price={order.price} />
    </>
  );
}

function Totals({ label, price }: { label: string; price: PriceTotals }) {
  return (
    <table className="order-summary__totals">
      <caption className="visually-hidden">Price</caption>
      <tbody>
        <tr>
          <th scope="row">{label}</th>
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
  );
}
