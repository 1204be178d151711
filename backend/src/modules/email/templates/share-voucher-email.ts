import { SHARE_VOUCHER_PERCENT, SHARE_VOUCHER_VALID_DAYS } from '@colouring/domain';
import { button, codeBox, paragraph, possessive, renderEmail, smallPrint, SHOP_NAME, type RenderedEmail } from './layout.js';

export interface ShareVoucherEmailInput {
  /** Null when the session names nobody (a single-photo order). */
  childName: string | null;
  voucherCode: string;
  /** The scenes the session has chosen; 0 for other products. */
  sceneCount: number;
  expiresAt: Date;
  publicUrl: string;
}

const longDate = (date: Date): string =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** SPEC §7 send-share-voucher-email (to, childName, voucherCode, sceneCount): the thanks for sharing and the code. */
export function shareVoucherEmail(input: ShareVoucherEmailInput): RenderedEmail {
  const scenes = input.sceneCount === 1 ? '1 scene' : `${input.sceneCount} scenes`;
  const forWhom = input.childName ? `${possessive(input.childName)} ${scenes}` : scenes;
  return renderEmail({
    subject: `Thanks for sharing! Here’s ${SHARE_VOUCHER_PERCENT}% off`,
    preheader: `Your ${SHARE_VOUCHER_PERCENT}% voucher code for ${SHOP_NAME}, valid for ${SHARE_VOUCHER_VALID_DAYS} days.`,
    heading: `Thanks for sharing ${SHOP_NAME}!`,
    publicUrl: input.publicUrl,
    blocks: [
      paragraph(`As promised, here is ${SHARE_VOUCHER_PERCENT}% off one order of colouring pages.`),
      codeBox(
        'Your voucher code',
        input.voucherCode,
        `Type it in the voucher box when you choose scenes or at checkout. It works once, until ${longDate(input.expiresAt)}.`,
      ),
      ...(input.sceneCount > 0 ? [paragraph(`It’s ready to use on ${forWhom}, or on any order you make.`)] : []),
      button('Make colouring pages', `${input.publicUrl}/products`),
      smallPrint('One voucher per purchase. It takes the percentage off the order’s price.'),
    ],
  });
}
