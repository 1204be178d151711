import { formatPence } from '@colouring/domain';
import type { MouseEvent } from 'react';
import { nextPackText, progressPercent, type DisplayPrice } from './selection';

interface Props {
  price: DisplayPrice;
  hydrated: boolean;
  /** The unlock message for the count reached (5, 10, 20 scenes), or null. */
  unlock: string | null;
  voucher: { code: string; percent: number } | null;
  typedVoucher: string;
  onTypedVoucher: (value: string) => void;
  voucherError: string | null;
  voucherOpen: boolean;
  onVoucherOpenChange: (open: boolean) => void;
  voucherBusy: boolean;
  onApplyVoucher: () => void;
  onRemoveVoucher: () => void;
  selectionError: string | null;
  saveStatus: 'idle' | 'saving' | 'saved';
  continuing: boolean;
  onContinue: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** The sticky bar: count, pack, price, per-page price, progress, next-pack hint, voucher and the way on. */
export function PriceBar(props: Props) {
  const { price, hydrated, voucher } = props;
  const percent = progressPercent(price.sceneCount);
  const hint = nextPackText(price.sceneCount);
  const inBrowser = (act: () => void) =>
    hydrated
      ? (event: MouseEvent<HTMLButtonElement>) => {
          event.preventDefault();
          act();
        }
      : undefined;

  return (
    <section className="price-bar" id="price-bar" aria-labelledby="price-bar-title">
      <h2 id="price-bar-title" className="visually-hidden">
        Your pack and price
      </h2>
      <div
        className="price-bar__progress"
        role="progressbar"
        aria-label="Pack progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>

      <div className="price-bar__main">
        <div className="price-bar__summary" aria-live="polite" aria-atomic="true">
          <p className="price-bar__count">
            <strong>
              {price.sceneCount} scene{price.sceneCount === 1 ? '' : 's'}
            </strong>
            <span className="price-bar__pack">{price.packName ? `${price.packName} Pack` : 'No pack yet'}</span>
          </p>
          <p className="price-bar__price">
            <strong className="price-bar__total">{formatPence(price.totalPence)}</strong>
            {price.discountPence > 0 ? (
              <span className="price-bar__was">
                <span className="visually-hidden">instead of </span>
                <s>{formatPence(price.subtotalPence)}</s>
              </span>
            ) : null}
            {price.sceneCount > 0 ? <span className="price-bar__per-sheet">{formatPence(price.perSheetPence)} per page</span> : null}
          </p>
        </div>
        <div className="price-bar__actions">
          {hydrated ? (
            <span className="price-bar__saved" aria-hidden="true">
              {props.saveStatus === 'saving' ? 'Saving…' : props.saveStatus === 'saved' ? 'All changes saved' : ''}
            </span>
          ) : (
            <button type="submit" name="intent" value="save" className="button button--secondary button--small">
              Update<span className="price-bar__wide-only"> price</span>
            </button>
          )}
          <button
            type="submit"
            name="intent"
            value="continue"
            className="button button--primary"
            disabled={props.continuing}
            onClick={props.onContinue}
            aria-describedby={props.selectionError ? 'selection-error' : undefined}
          >
            {props.continuing ? 'One moment…' : 'Continue to Checkout'}
          </button>
        </div>
      </div>

      <div className="price-bar__notes">
        {props.selectionError ? (
          <p id="selection-error" className="price-bar__error" role="alert">
            {props.selectionError}
          </p>
        ) : null}
        <p className="price-bar__unlock" role="status">
          {props.unlock ? (
            <>
              <PartyIcon />
              {props.unlock}
            </>
          ) : null}
        </p>
        {hint ? <p className="price-bar__hint">{hint}</p> : null}
      </div>

      <details
        className="voucher"
        id="voucher"
        open={props.voucherOpen}
        onToggle={(event) => {
          const open = event.currentTarget.open;
          if (open !== props.voucherOpen) props.onVoucherOpenChange(open);
        }}
      >
        <summary>{voucher ? `Voucher ${voucher.code} applied: ${voucher.percent}% off` : 'Have a voucher code?'}</summary>
        <div className={`voucher__body${props.voucherError ? ' field--error' : ''}`}>
          <label htmlFor="voucherCode">Voucher code</label>
          <div className="voucher__row">
            <input
              id="voucherCode"
              name="voucherCode"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={voucher ? voucher.code : props.typedVoucher}
              readOnly={Boolean(voucher)}
              onChange={(event) => props.onTypedVoucher(event.currentTarget.value.toUpperCase())}
              onKeyDown={(event) => {
                if (hydrated && event.key === 'Enter') {
                  event.preventDefault();
                  if (!voucher) props.onApplyVoucher();
                }
              }}
              aria-invalid={props.voucherError ? true : undefined}
              aria-describedby={props.voucherError ? 'voucher-error' : voucher ? 'voucher-applied' : undefined}
            />
            {voucher ? (
              <button
                type="submit"
                name="intent"
                value="remove-voucher"
                formNoValidate
                className="button button--secondary button--small"
                disabled={props.voucherBusy}
                onClick={inBrowser(props.onRemoveVoucher)}
              >
                Remove
              </button>
            ) : (
              <button
                type="submit"
                name="intent"
                value="apply-voucher"
                formNoValidate
                className="button button--secondary button--small"
                disabled={props.voucherBusy}
                onClick={inBrowser(props.onApplyVoucher)}
              >
                {props.voucherBusy ? 'Checking…' : 'Apply'}
              </button>
            )}
          </div>
          <input type="hidden" name="appliedVoucher" value={voucher?.code ?? ''} />
          {voucher ? (
            <p id="voucher-applied" className="voucher__applied">
              {voucher.percent}% off: you save {formatPence(price.discountPence)}.
            </p>
          ) : null}
          <p id="voucher-error" className="field__error" role="alert" hidden={!props.voucherError}>
            {props.voucherError}
          </p>
        </div>
      </details>
    </section>
  );
}

function PartyIcon() {
  return (
    <svg className="price-bar__party" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 21l5.5-14 8.5 8.5z" fill="#ffd66b" stroke="#9a3412" strokeWidth="1.5" strokeLinejoin="round" />
      <path
        d="M14 3v3M19 5l-2 2M21 10h-3M12 8c1-1 1-2 0-3M16 12c1-1 2-1 3 0"
        fill="none"
        stroke="#0f6e64"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
