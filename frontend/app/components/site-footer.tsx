import { Link } from '@remix-run/react';
import { DOWNLOAD_LINK_MINUTES, REFUND_WINDOW_DAYS, SESSION_LIFETIME_DAYS } from '@colouring/domain';
import { Icon, type IconName } from './icons';
import { SITE_NAME } from '~/utils/site';

// The promises SPEC §1 makes to every customer, shown on every page.
const PROMISES: ReadonlyArray<{ icon: IconName; text: string }> = [
  {
    icon: 'lock',
    text: 'Your photo is never stored. It is used once to personalise the artwork and is deleted after processing.',
  },
  { icon: 'calendar', text: `Your session expires in ${SESSION_LIFETIME_DAYS} days.` },
  { icon: 'mail', text: 'Your colouring pages are emailed to you.' },
  {
    icon: 'clock',
    text: `Your download link arrives within ${DOWNLOAD_LINK_MINUTES.min}-${DOWNLOAD_LINK_MINUTES.max} minutes.`,
  },
  { icon: 'key', text: 'Your magic code retrieves your link at any time.' },
  { icon: 'refund', text: `Not right? We offer a refund or a fix within ${REFUND_WINDOW_DAYS} days.` },
  { icon: 'card', text: 'Secure card payment, including digital wallets such as Apple Pay and Google Pay.' },
  { icon: 'school', text: 'Bulk pricing for schools is available on request.' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <h2 className="site-footer__heading">Our promises to you</h2>
        <ul className="promise-list">
          {PROMISES.map((promise) => (
            <li key={promise.icon}>
              <Icon name={promise.icon} />
              <span>{promise.text}</span>
            </li>
          ))}
        </ul>
        <div className="site-footer__bottom">
          <nav aria-label="Footer">
            <ul className="footer-links">
              <li>
                <Link to="/products">Products</Link>
              </li>
              <li>
                <Link to="/create">Create colouring pages</Link>
              </li>
              <li>
                <Link to="/faq">FAQ</Link>
              </li>
              <li>
                <Link to="/about">About Us</Link>
              </li>
              <li>
                <Link to="/contact">Contact Us</Link>
              </li>
              <li>
                <Link to="/contact?category=General%20question">School &amp; bulk orders</Link>
              </li>
            </ul>
          </nav>
          <p className="site-footer__small">
            © {new Date().getFullYear()} {SITE_NAME}. All prices in GBP.
          </p>
        </div>
      </div>
    </footer>
  );
}
