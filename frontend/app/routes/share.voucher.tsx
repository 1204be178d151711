// The share box's proof goes here (POST, JSON; SPEC §4 Share voucher). The session's code stays in its cookie: this
// route sends it to the API, which checks the proof again and issues the voucher. It answers SPEC's words for the box.
import type { ActionFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { ApiErrorCode, SESSION_MESSAGES, SHARE_MESSAGES, type ShareVoucherInput } from '@colouring/domain';
import type { ShareVoucherResult } from '~/components/share/use-share-voucher';
import { api, isApiError } from '~/utils/api.server';
import { CACHE_NEVER, cacheControl } from '~/utils/cache';
import { magicCodeFrom } from '~/utils/session.server';

/** API refusals whose words the box shows as they are; any other failure is SPEC's 'Unable to generate voucher…'. */
const OWN_WORDS: ApiErrorCode[] = [
  ApiErrorCode.ShareIncomplete,
  ApiErrorCode.ShareVoucherExists,
  ApiErrorCode.SharedRecently,
  ApiErrorCode.RateLimited,
];

export async function action({ request, context }: ActionFunctionArgs) {
  const headers = cacheControl(CACHE_NEVER);
  const answer = (result: ShareVoucherResult, status = 200) => data(result, { status, headers });
  const magicCode = await magicCodeFrom(request);
  if (!magicCode) return answer({ ok: false, message: SESSION_MESSAGES.notFoundOrExpired }, 404);
  let proof: unknown;
  try {
    proof = await request.json();
  } catch {
    return answer({ ok: false, message: SHARE_MESSAGES.incomplete }, 400);
  }
  try {
    await api(request, context).requestShareVoucher(magicCode, proof as ShareVoucherInput);
    return answer({ ok: true });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const message = error.is(...OWN_WORDS)
      ? error.userMessage
      : error.is(ApiErrorCode.SessionNotFound)
        ? SESSION_MESSAGES.notFoundOrExpired
        : SHARE_MESSAGES.generateFailed;
    return answer({ ok: false, message }, error.statusCode);
  }
}
