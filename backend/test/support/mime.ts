// Just enough MIME (RFC 2045-2047, 2231) to read what nodemailer writes: headers with encoded words, nested
// multiparts, base64 and quoted-printable bodies, attachment names. For tests only.

export interface MimePart {
  contentType: string;
  disposition: string | null;
  filename: string | null;
  content: Buffer;
}

export interface ParsedEmail {
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
  attachments: MimePart[];
}

function splitHeadAndBody(raw: Buffer): { head: string; body: Buffer } {
  const at = raw.indexOf('\r\n\r\n');
  if (at >= 0) return { head: raw.subarray(0, at).toString('latin1'), body: raw.subarray(at + 4) };
  const lf = raw.indexOf('\n\n');
  if (lf >= 0) return { head: raw.subarray(0, lf).toString('latin1'), body: raw.subarray(lf + 2) };
  return { head: raw.toString('latin1'), body: Buffer.alloc(0) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `text/plain; charset=utf-8; name="a b.pdf"` → value and lower-cased parameters, RFC 2231 names decoded. */
function parseParameters(header: string): { value: string; params: Record<string, string> } {
  const [value, ...rest] = header.split(';');
  const params: Record<string, string> = {};
  const continued: Record<string, string[]> = {};
  for (const item of rest) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim().toLowerCase();
    const raw = item
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    const star = /^([^*]+)\*(\d+)?\*?$/.exec(key);
    if (star) (continued[star[1]] ??= [])[Number(star[2] ?? 0)] = raw;
    else params[key] = raw;
  }
  for (const [key, pieces] of Object.entries(continued)) {
    const joined = pieces.join('');
    const encoded = /^([^']*)'[^']*'(.*)$/.exec(joined);
    params[key] = encoded ? decodeURIComponent(encoded[2]) : joined;
  }
  return { value: value.trim().toLowerCase(), params };
}

function decodeQuotedPrintable(body: string): Buffer {
  const softBreaksGone = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksGone.length; i++) {
    const c = softBreaksGone[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(softBreaksGone.slice(i + 1, i + 3))) {
      bytes.push(parseInt(softBreaksGone.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(softBreaksGone.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), whitespace between adjacent words dropped. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, encoding: string, text: string) => {
      const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.toString('latin1').replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.toString('latin1'));
    default:
      return body;
  }
}

function leaves(raw: Buffer): MimePart[] {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const type = parseParameters(headers.get('content-type') ?? 'text/plain');
  if (type.value.startsWith('multipart/')) {
    const boundary = `--${type.params.boundary}`;
    const text = body.toString('latin1');
    const parts: MimePart[] = [];
    const sections = text.split(boundary).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      parts.push(...leaves(Buffer.from(section.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), 'latin1')));
    }
    return parts;
  }
  const disposition = headers.has('content-disposition') ? parseParameters(headers.get('content-disposition') as string) : null;
  const filename = disposition?.params.filename ?? type.params.name ?? null;
  return [
    {
      contentType: type.value,
      disposition: disposition?.value ?? null,
      filename: filename === null ? null : decodeEncodedWords(filename),
      content: decodeBody(body, headers.get('content-transfer-encoding')),
    },
  ];
}

export function parseEmail(raw: Buffer): ParsedEmail {
  const { head } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const parts = leaves(raw);
  // Line ends as the sender wrote them: SMTP turns every line end into CRLF on the way.
  const body = (type: string) =>
    (parts.find((p) => p.contentType === type && p.disposition !== 'attachment')?.content.toString('utf8') ?? '').replace(/\r\n/g, '\n');
  return {
    headers,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    from: decodeEncodedWords(headers.get('from') ?? ''),
    to: decodeEncodedWords(headers.get('to') ?? ''),
    text: body('text/plain'),
    html: body('text/html'),
    attachments: parts.filter((p) => p.disposition === 'attachment'),
  };
}
