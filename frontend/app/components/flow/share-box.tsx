import { SITE_NAME } from '~/utils/site';

const MESSAGE = `We turned a photo into personalised colouring pages with ${SITE_NAME}!`;

/** Plain share links for now; the share-for-voucher flow comes later. */
export function ShareBox({ shareUrl }: { shareUrl: string }) {
  const url = encodeURIComponent(shareUrl);
  const text = encodeURIComponent(MESSAGE);
  const links = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?text=${text}&url=${url}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${url}` },
    { name: 'Email', href: `mailto:?subject=${encodeURIComponent(SITE_NAME)}&body=${text}%20${url}` },
  ];
  return (
    <section className="share-box" aria-labelledby="share-title">
      <h2 id="share-title">Enjoying your pages? Tell a friend</h2>
      <p>Know another family who’d love personalised colouring pages? Share us with them.</p>
      <ul className="share-box__links">
        {links.map((link) => (
          <li key={link.name}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className="button button--secondary">
              {`Share on ${link.name}`}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
