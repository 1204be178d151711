import { SHARE_MESSAGES, SHARE_MIN_OPEN_MS, SHARE_VOUCHER_PERCENT, SHARE_VOUCHER_VALID_DAYS } from '@colouring/domain';
import { useHydrated } from '~/components/flow/use-hydrated';
import { SITE_NAME } from '~/utils/site';
import { shareLinks } from './networks';
import { useShareVoucher, type SharePhase } from './use-share-voucher';

const OPEN_SECONDS = SHARE_MIN_OPEN_MS / 1000;

function statusText(state: SharePhase): string {
  switch (state.phase) {
    case 'open':
      return `Sharing on ${state.network}: finish your post in the share window, then close it.`;
    case 'sending':
      return 'Checking your share…';
    case 'sent':
      return SHARE_MESSAGES.sent;
    case 'refused':
      return state.message;
    default:
      return '';
  }
}

/**
 * The share box of the scene picker and the thank-you page (SPEC §2). `voucher`: the page knows the parent's session,
 * so a share can earn the voucher; with JavaScript off the links open each network's page and the box says the voucher
 * needs JavaScript.
 */
export function ShareBox({ shareUrl, voucher }: { shareUrl: string; voucher: boolean }) {
  const hydrated = useHydrated();
  const { state, onShare } = useShareVoucher(voucher && hydrated);
  const status = statusText(state);
  return (
    <section className="share-box" aria-labelledby="share-title">
      <h2 id="share-title">{voucher ? `Share us and get ${SHARE_VOUCHER_PERCENT}% off` : 'Enjoying your pages? Tell a friend'}</h2>
      {!voucher ? (
        <p>Know another family who’d love personalised colouring pages? Share {SITE_NAME} with them.</p>
      ) : hydrated ? (
        <p>
          Share {SITE_NAME} with your friends: keep the share window open for at least {OPEN_SECONDS} seconds while you post, then close it.
          We’ll email you a voucher for {SHARE_VOUCHER_PERCENT}% off one order, valid for {SHARE_VOUCHER_VALID_DAYS} days.
        </p>
      ) : (
        <p className="share-box__note">
          The {SHARE_VOUCHER_PERCENT}% voucher needs JavaScript, which is off in this browser: these links still open each site so you can
          share us, but we can’t check the share or send a voucher without it.
        </p>
      )}
      <ul className="share-box__links">
        {shareLinks(shareUrl).map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`button button--secondary share-box__link share-box__link--${link.network}`}
              onClick={(event) => onShare(event, link)}
            >
              Share on {link.name}
              <span className="visually-hidden"> (opens a new window)</span>
            </a>
          </li>
        ))}
      </ul>
      <p
        className={`share-box__status${state.phase === 'sent' ? ' share-box__status--sent' : state.phase === 'refused' ? ' share-box__status--refused' : ''}`}
        role="status"
      >
        {status}
      </p>
    </section>
  );
}
