import { PREVIEW_MESSAGES, SESSION_LIFETIME_DAYS } from '@colouring/domain';
import { button, linkLine, paragraph, possessive, renderEmail, smallPrint, SHOP_NAME, type RenderedEmail } from './layout.js';

export interface PreviewEmailInput {
  childName: string;
  /** `${publicUrl}/continue/${magicCode}`: restores the session on any device, then shows the preview; null when the code is not known. */
  continueUrl: string | null;
  /** `${publicUrl}/preview`: works in the browser that made the session. */
  previewUrl: string;
  publicUrl: string;
}

/** Sent once, when the preview first appears: the preview, the way back to it, and what comes next. */
export function previewEmail(input: PreviewEmailInput): RenderedEmail {
  const name = possessive(input.childName);
  return renderEmail({
    subject: `${name} cartoon preview is ready`,
    preheader: `A sneak peek at ${name} colouring pages, and how to pick up where you left off.`,
    heading: `${name} cartoon preview is ready!`,
    publicUrl: input.publicUrl,
    blocks: [
      paragraph(
        `Thanks for trying ${SHOP_NAME}. We have turned your photo into ${name} very own cartoon, and the preview is waiting for you.`,
      ),
      ...(input.continueUrl
        ? [
            button('See the preview and choose scenes', input.continueUrl),
            linkLine('Still in the same browser?', 'Open your preview', input.previewUrl),
          ]
        : [button('See the preview and choose scenes', input.previewUrl)]),
      paragraph(PREVIEW_MESSAGES.sneakPeek),
      ...(input.continueUrl
        ? [
            smallPrint(
              `The button above brings your session back on any device for ${SESSION_LIFETIME_DAYS} days. It works like a key, so please don’t share it.`,
            ),
          ]
        : []),
      smallPrint('Your photo is never stored: we used it once to draw the artwork and deleted it straight after.'),
    ],
  });
}
