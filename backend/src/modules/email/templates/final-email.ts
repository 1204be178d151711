import { CONTACT_CATEGORIES, REFUND_WINDOW_DAYS, SESSION_LIFETIME_DAYS } from '@colouring/domain';
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
  childName: string;
  /** Null when the email is sent without the code (an admin's resend, a code no longer held): the PDF and help only. */
  code: FinalEmailCode | null;
  /** Whether the PDF itself rides along (only under the attachment limit). */
  pdfAttached: boolean;
  publicUrl: string;
}

const NOT_HAPPY = CONTACT_CATEGORIES[0];

/** Sent when the PDF is ready: the download link, the magic code, and the PDF itself when it is small enough. */
export function finalEmail(input: FinalEmailInput): RenderedEmail {
  const name = possessive(input.childName);
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
    subject: `${name} colouring pages are ready`,
    preheader: `Download ${name} personalised colouring book and print it on A4.`,
    heading: `${name} colouring pages are ready!`,
    publicUrl: input.publicUrl,
    blocks: [
      paragraph(`Thank you for your order. ${name} personalised colouring book is ready to download and print on A4 paper.`),
      ...delivery,
      linkLine(
        `Not 100% happy with the pages? Tell us within ${REFUND_WINDOW_DAYS} days and we will fix them or refund you.`,
        'Tell us what went wrong',
        contactUrl,
      ),
    ],
  });
}
