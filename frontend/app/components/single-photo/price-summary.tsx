import {
  formatPence,
  LARGE_PHOTO_ORDER_ABOVE,
  PHOTO_PENCE_PER_EXTRA,
  SINGLE_PHOTO_MESSAGES,
  type PhotoOrderPrice,
} from '@colouring/domain';

type ShownPrice = Pick<PhotoOrderPrice, 'photoCount' | 'subtotalPence' | 'perPhotoPence' | 'savingsPence' | 'largeOrder'>;

/**
 * The tier price of the photos so far (SPEC §9), the price per photo when there is more than one, the saving against
 * £0.99 each, and the 'Large order' warning above 10 photos. The voucher comes at checkout.
 */
export function PriceSummary({ price }: { price: ShownPrice }) {
  const { photoCount, subtotalPence, perPhotoPence, savingsPence, largeOrder } = price;
  return (
    <section className="photo-price" aria-labelledby="photo-price-title">
      <h3 id="photo-price-title" className="photo-price__title">
        Your price
      </h3>
      <dl className="photo-price__lines">
        <div>
          <dt>{photoCount === 1 ? '1 photo' : `${photoCount} photos`}</dt>
          <dd data-testid="photo-price-total">{formatPence(subtotalPence)}</dd>
        </div>
        {photoCount > 1 ? (
          <div>
            <dt>Per photo</dt>
            <dd data-testid="photo-price-each">{formatPence(perPhotoPence)}</dd>
          </div>
        ) : null}
        {savingsPence > 0 ? (
          <div className="photo-price__saving">
            <dt>You save</dt>
            <dd data-testid="photo-price-saving">{formatPence(savingsPence)}</dd>
          </div>
        ) : null}
      </dl>
      {largeOrder ? (
        <div className="photo-price__large" role="note" aria-labelledby="large-order-title">
          <p id="large-order-title" className="photo-price__large-title">
            {SINGLE_PHOTO_MESSAGES.largeOrder}
          </p>
          <p>
            Above {LARGE_PHOTO_ORDER_ABOVE} photos each extra photo is only {formatPence(PHOTO_PENCE_PER_EXTRA)}. Drawing this many pages
            takes a little longer, so your book may take a few more minutes to arrive.
          </p>
        </div>
      ) : null}
    </section>
  );
}
