// /thank-you/pdf?session_id=…: the thank-you page's download for a browser without the session cookie. The API gives
// the PDF by the card provider's id only for a day after payment (docs/decisions/009); after that the email's link.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { api, isApiError } from '~/utils/api.server';
import { downloadUnavailable, pdfDownload } from '~/utils/pdf-download.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const checkoutId = new URL(request.url).searchParams.get('session_id');
  if (!checkoutId) return downloadUnavailable();
  try {
    return pdfDownload(await api(request, context).downloadCheckoutPdf(checkoutId));
  } catch (error) {
    if (!isApiError(error)) throw error;
    return downloadUnavailable(error.statusCode === 404 ? 404 : 502);
  }
}
