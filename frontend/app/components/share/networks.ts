import type { ShareNetwork } from '@colouring/domain';
import { SITE_NAME } from '~/utils/site';

const MESSAGE = `We turned a photo into personalised colouring pages with ${SITE_NAME}!`;

export interface ShareLink {
  network: ShareNetwork;
  name: string;
  href: string;
}

/** Each network's own share page for the shop's address: what the button opens in the share window, or in a tab without JavaScript. */
export function shareLinks(shareUrl: string): ShareLink[] {
  const url = encodeURIComponent(shareUrl);
  const text = encodeURIComponent(MESSAGE);
  return [
    { network: 'facebook', name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: 'whatsapp', name: 'WhatsApp', href: `https://api.whatsapp.com/send?text=${text}%20${url}` },
    { network: 'pinterest', name: 'Pinterest', href: `https://www.pinterest.com/pin/create/button/?url=${url}&description=${text}` },
    { network: 'x', name: 'X', href: `https://x.com/intent/tweet?text=${text}&url=${url}` },
  ];
}
