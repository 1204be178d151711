import { CONTACT_CATEGORIES, REFUND_WINDOW_DAYS, SESSION_LIFETIME_DAYS, type ProductType } from '@colouring/domain';
import { button, codeBox, linkLine, paragraph, possessive, renderEmail, type Block, type RenderedEmail } from './layout.js';

/** The parent's magic code and the links it makes; the server keeps only the code's hash, so it is not always known. */
export interface FinalEmailCode {
  magicCode: string;
  /** `${publicUrl}/download/${magicCode}`. */
  downloadUrl: string;
  /** `${publicUrl}/continue/${magicCode}`. */
  continueUrl: string;
}

export interface FinalEmailInput {
  /** What was bought: the words name the book (a single-photo order names nobody). */
  product: ProductType;
  childName: string;
  /** Null when the email is sent without the code (an admin's resend, a code no longer held): the PDF and help only. */
  code: FinalEmailCode | null;
  /** Whether the PDF itself rides along (only under the attachment limit). */
  pdfAttached: boolean;
  publicUrl: string;
}

const NOT_HAPPY = CONTACT_CATEGORIES[0];

/** Sent when the PDF is ready: the download link, the magic code, and the PDF itself when it is small enough. */
/** How the email names what is ready, by product. */
function bookWords(product: ProductType, childName: string): { ready: string; intro: string; preheader: string } {
  const name = possessive(childName);
  switch (product) {
    case 'single_photo':
      return {
        ready: 'Your colouring pages are ready',
        intro: 'Thank you for your order. Your photos are now colouring pages, ready to download and print on A4 paper.',
        preheader: 'Download your photo colouring pages and print them on A4.',
      };
    case 'dot_to_dot':
      return {
        ready: `${name} dot-to-dot book is ready`,
        intro: `Thank you for your order. ${name} personalised dot-to-dot book is ready to download and print on A4 paper.`,
        preheader: `Download ${name} dot-to-dot book and print it on A4.`,
      };
    case 'custom_scenes':
      return {
        ready: `${name} colouring pages are ready`,
        intro: `Thank you for your order. ${name} personalised colouring book is ready to download and print on A4 paper.`,
        preheader: `Download ${name} personalised colouring book and print it on A4.`,
      };
  }
}

export function finalEmail(input: FinalEmailInput): RenderedEmail {
  const words = bookWords(input.product, input.childName);
  const { code } = input;
  const contactUrl = `${input.publicUrl}/contact?${new URLSearchParams({ ...(code ? { magic_code: code.magicCode } : {}), category: NOT_HAPPY })}`;
  const delivery: Block[] = code
    ? [
        button('Download the PDF', code.downloadUrl),
        paragraph(
          input.pdfAttached
            ? 'We have also attached the PDF to this email, so you can print it straight away.'
            : 'The PDF is too large to attach to an email, so please use the download link above.',
        ),
        codeBox(
          'Your magic code',
          code.magicCode,
          `Keep this code safe: it brings back your download link for ${SESSION_LIFETIME_DAYS} days. Anyone with it can download the pages.`,
        ),
        linkLine('Lost the link?', 'Continue your session', code.continueUrl),
      ]
    : [
        paragraph(
          input.pdfAttached
            ? 'We have attached the PDF to this email, so you can print it straight away.'
            : 'The PDF is too large to attach to an email: please use the download link from the first email we sent you, or ask us below and we will help.',
        ),
      ];
  return renderEmail({
    subject: words.ready,
    preheader: words.preheader,
    heading: `${words.ready}!`,
    publicUrl: input.publicUrl,
    blocks: [
      paragraph(words.intro),
      ...delivery,
      linkLine(
        `Not 100% happy with the pages? Tell us within ${REFUND_WINDOW_DAYS} days and we will fix them or refund you.`,
        'Tell us what went wrong',
        contactUrl,
      ),
    ],
  });
}
