import { CONTACT_MESSAGES, CONTACT_REPLY_HOURS } from '@colouring/domain';
import { linkLine, paragraph, quote, renderEmail, type RenderedEmail } from './layout.js';

export interface ContactAckEmailInput {
  category: string;
  message: string;
  publicUrl: string;
}

/** The receipt for a contact message: thanks, when to expect a reply, and a copy of what was sent. */
export function contactAckEmail(input: ContactAckEmailInput): RenderedEmail {
  return renderEmail({
    subject: 'We’ve got your message',
    preheader: `Thanks for getting in touch. We aim to reply within ${CONTACT_REPLY_HOURS} hours.`,
    heading: CONTACT_MESSAGES.thanks,
    publicUrl: input.publicUrl,
    blocks: [
      paragraph(`A real person will read it, and we aim to reply within ${CONTACT_REPLY_HOURS} hours.`),
      paragraph(`Topic: ${input.category}`),
      quote('Here is a copy of your message:', input.message),
      linkLine('Want to add something?', 'Write to us again', `${input.publicUrl}/contact`),
    ],
  });
}
