import { CONTACT_CATEGORIES, REFUND_WINDOW_DAYS, SESSION_LIFETIME_DAYS } from '@colouring/domain';
import { button, codeBox, linkLine, paragraph, possessive, renderEmail, type RenderedEmail } from './layout.js';

export interface FinalEmailInput {
  childName: string;
  magicCode: string;
  /** `${publicUrl}/download/${magicCode}`. */
  downloadUrl: string;
  /** `${publicUrl}/continue/${magicCode}`. */
  continueUrl: string;
  /** Whether the PDF itself rides along (only under the attachment limit). */
  pdfAttached: boolean;
  publicUrl: string;
}

const NOT_HAPPY = CONTACT_CATEGORIES[0];

/** Sent when the PDF is ready: the download link, the magic code, and the PDF itself when it is small enough. */
export function finalEmail(input: FinalEmailInput): RenderedEmail {
  const name = possessive(input.childName);
  const contactUrl = `${input.publicUrl}/contact?${new URLSearchParams({ magic_code: input.magicCode, category: NOT_HAPPY })}`;
  return renderEmail({
    subject: `${name} colouring pages are ready`,
    preheader: `Download ${name} personalised colouring book and print it on A4.`,
    heading: `${name} colouring pages are ready!`,
    publicUrl: input.publicUrl,
    blocks: [
      paragraph(`Thank you for your order. ${name} personalised colouring book is ready to download and print on A4 paper.`),
      button('Download the PDF', input.downloadUrl),
      paragraph(
        input.pdfAttached
          ? 'We have also attached the PDF to this email, so you can print it straight away.'
          : 'The PDF is too large to attach to an email, so please use the download link above.',
      ),
      codeBox(
        'Your magic code',
        input.magicCode,
        `Keep this code safe: it brings back your download link for ${SESSION_LIFETIME_DAYS} days. Anyone with it can download the pages.`,
      ),
      linkLine('Lost the link?', 'Continue your session', input.continueUrl),
      linkLine(
        `Not 100% happy with the pages? Tell us within ${REFUND_WINDOW_DAYS} days and we will fix them or refund you.`,
        'Tell us what went wrong',
        contactUrl,
      ),
    ],
  });
}
