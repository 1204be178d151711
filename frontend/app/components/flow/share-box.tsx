import { SITE_NAME } from '~/utils/site';

const MESSAGE = `We turned a photo into personalised colouring pages with ${SITE_NAME}!`;

/** Plain share links for now; the share-for-voucher flow comes later. */
export function ShareBox({ shareUrl }: { shareUrl: string }) {
  const url = encodeURIComponent(shareUrl);
  const text = encodeURIComponent(MESSAGE);
  const links = [
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, newTab: true },
    { label: 'Share on X', href: `https://twitter.com/intent/tweet?text=${text}&url=${url}`, newTab: true },
    { label: 'Share on WhatsApp', href: `https://wa.me/?text=${text}%20${url}`, newTab: true },
    { label: 'Share by email', href: `mailto:?subject=${encodeURIComponent(SITE_NAME)}&body=${text}%20${url}`, newTab: false },
  ];
  return (
    <section className="share-box" aria-labelledby="share-title">
      <h2 id="share-title">Enjoying your pages? Tell a friend</h2>
      <p>Know another family who’d love personalised colouring pages? Share us with them.</p>
      <ul className="share-box__links">
        {links.map((link) => (
          <li key={link.label}>
            {link.newTab ? (
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="button button--secondary">
                {link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <a href={link.href} className="button button--secondary">
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
