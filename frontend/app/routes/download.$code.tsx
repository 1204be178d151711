// /download/{code}: the link in the final email and on the thank-you page. It streams the finished PDF from the API
// (the code goes in the X-Magic-Code header, never in an API URL) with the API's file name.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { isMagicCode } from '@colouring/domain';
import { api, isApiError } from '~/utils/api.server';
import { downloadUnavailable, pdfDownload } from '~/utils/pdf-download.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const code = params.code ?? '';
  if (!isMagicCode(code)) return downloadUnavailable();
  try {
    return pdfDownload(await api(request, context).downloadPdf(code));
  } catch (error) {
    if (!isApiError(error)) throw error;
    return downloadUnavailable(error.statusCode === 404 ? 404 : 502);
  }
}
