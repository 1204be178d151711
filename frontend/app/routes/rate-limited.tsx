// Where the web layer sends a page action from a client over its page limit (backend/src/common/page-guards.ts): the
// page it came from again, with the catalogue's words in a toast. With JavaScript the action was Remix's fetch, which
// can only follow an answer in its own format, so the refusal goes through Remix like any action's redirect; without
// JavaScript it is the same redirect. Never reached by a link: a GET goes home.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { ApiErrorCode, userMessageForCode } from '@colouring/domain';
import { redirectWithToast } from '~/utils/toast.server';

/** Only a path of this site: `//host` and `/\host` would leave it. */
function pageToReturnTo(url: URL): string {
  const back = url.searchParams.get('back') ?? '/';
  return back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/\\') ? back : '/';
}

export function loader() {
  return redirect('/');
}

export async function action({ request }: ActionFunctionArgs) {
  const description = userMessageForCode(ApiErrorCode.RateLimited);
  return redirectWithToast(pageToReturnTo(new URL(request.url)), { type: 'error', description }, { status: 303 });
}
