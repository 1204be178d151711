import { escapeHtml } from '../../../common/html.js';

// The shop's email look, built for mail clients: tables for layout, inline styles, no scripts, no web fonts,
// no images (clients block them, and the site's resource policy keeps them same-origin), and every interpolated value escaped.

export const SHOP_NAME = 'Colour Me In';

/** What every template produces: the subject and both parts. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const COLOUR = {
  cream: '#fff8ef',
  sand: '#fbeedd',
  paper: '#ffffff',
  brick: '#c2410c',
  brickDark: '#9a3412',
  brown: '#3b2a20',
  brownSoft: '#5c4a3d',
  line: '#e7d6c2',
} as const;

const BODY_FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
const DISPLAY_FONT = "'Trebuchet MS', Arial, 'Helvetica Neue', Helvetica, sans-serif";

/** An http(s) URL, escaped for an href; anything else becomes a harmless '#'. */
function safeHref(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

/** `Lily's`, for subjects and headings. */
export function possessive(name: string): string {
  return `${name}’s`;
}

/** One piece of an email: its HTML and its plain-text twin. */
export interface Block {
  html: string;
  text: string;
}

export function paragraph(text: string): Block {
  return {
    html: `<p style="margin:0 0 16px 0;font-family:${BODY_FONT};font-size:16px;line-height:24px;color:${COLOUR.brown};">${escapeHtml(text)}</p>`,
    text,
  };
}

export function smallPrint(text: string): Block {
  return {
    html: `<p style="margin:0 0 12px 0;font-family:${BODY_FONT};font-size:14px;line-height:21px;color:${COLOUR.brownSoft};">${escapeHtml(text)}</p>`,
    text,
  };
}

/** A button that works in Outlook too (a table cell with a background), with the bare link under it for copying. */
export function button(label: string, url: string): Block {
  const href = safeHref(url);
  return {
    html:
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 8px 0;"><tr>` +
      `<td align="center" bgcolor="${COLOUR.brick}" style="border-radius:999px;background-color:${COLOUR.brick};">` +
      `<a href="${href}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${DISPLAY_FONT};font-size:17px;` +
      `font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:999px;">${escapeHtml(label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 20px 0;font-family:${BODY_FONT};font-size:13px;line-height:19px;color:${COLOUR.brownSoft};">` +
      `Button not working? Copy this link into your browser:<br>` +
      `<a href="${href}" target="_blank" style="color:${COLOUR.brickDark};word-break:break-all;">${escapeHtml(url)}</a></p>`,
    text: `${label}:\n${url}`,
  };
}

/** A line of text with an inline link at its end. */
export function linkLine(before: string, label: string, url: string): Block {
  return {
    html:
      `<p style="margin:0 0 16px 0;font-family:${BODY_FONT};font-size:15px;line-height:22px;color:${COLOUR.brown};">${escapeHtml(before)} ` +
      `<a href="${safeHref(url)}" target="_blank" style="color:${COLOUR.brickDark};">${escapeHtml(label)}</a></p>`,
    text: `${before} ${label}: ${url}`,
  };
}

/** A highlighted box with a label and a value meant to be copied (the magic code). */
export function codeBox(label: string, value: string, note: string): Block {
  return {
    html:
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px 0;"><tr>` +
      `<td style="padding:16px 18px;background-color:${COLOUR.sand};border:1px dashed ${COLOUR.brick};border-radius:12px;">` +
      `<p style="margin:0 0 6px 0;font-family:${DISPLAY_FONT};font-size:14px;font-weight:bold;color:${COLOUR.brickDark};">${escapeHtml(label)}</p>` +
      `<p style="margin:0 0 8px 0;font-family:'Courier New', Courier, monospace;font-size:15px;line-height:22px;color:${COLOUR.brown};` +
      `word-break:break-all;">${escapeHtml(value)}</p>` +
      `<p style="margin:0;font-family:${BODY_FONT};font-size:13px;line-height:19px;color:${COLOUR.brownSoft};">${escapeHtml(note)}</p>` +
      `</td></tr></table>`,
    text: `${label}:\n${value}\n${note}`,
  };
}

/** Someone's own words quoted back to them, line breaks kept. */
export function quote(label: string, message: string): Block {
  const lines = message.split(/\r?\n/).map(escapeHtml).join('<br>');
  return {
    html:
      `<p style="margin:0 0 8px 0;font-family:${DISPLAY_FONT};font-size:14px;font-weight:bold;color:${COLOUR.brickDark};">${escapeHtml(label)}</p>` +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px 0;"><tr>` +
      `<td style="padding:12px 16px;background-color:${COLOUR.cream};border-left:4px solid ${COLOUR.brick};font-family:${BODY_FONT};` +
      `font-size:15px;line-height:22px;color:${COLOUR.brown};">${lines}</td></tr></table>`,
    text: `${label}\n${message
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n')}`,
  };
}

export interface EmailContent {
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preheader: string;
  heading: string;
  blocks: readonly Block[];
  publicUrl: string;
}

/** The whole email in the shop's look: cream page, white card, brick buttons, dark brown text. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const home = safeHref(`${content.publicUrl}/`);
  const html = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOUR.cream};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOUR.cream}" style="background-color:${COLOUR.cream};">
<tr><td align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td style="padding:0 8px 16px 8px;">
<a href="${home}" target="_blank" style="text-decoration:none;">
<span style="font-family:${DISPLAY_FONT};font-size:24px;font-weight:bold;color:${COLOUR.brick};">${SHOP_NAME}</span>
</a>
</td></tr>
<tr><td bgcolor="${COLOUR.paper}" style="padding:32px 28px 20px 28px;background-color:${COLOUR.paper};border:1px solid ${COLOUR.line};border-radius:18px;">
<h1 style="margin:0 0 20px 0;font-family:${DISPLAY_FONT};font-size:26px;line-height:32px;font-weight:bold;color:${COLOUR.brown};">${escapeHtml(content.heading)}</h1>
${content.blocks.map((block) => block.html).join('\n')}
</td></tr>
<tr><td style="padding:20px 8px 0 8px;font-family:${BODY_FONT};font-size:12px;line-height:18px;color:${COLOUR.brownSoft};">
${SHOP_NAME}: personalised colouring pages from your photos. <a href="${home}" target="_blank" style="color:${COLOUR.brickDark};">${escapeHtml(content.publicUrl)}</a><br>
You are getting this email because this address was entered on our website. We never send marketing without asking.
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    content.heading,
    '',
    ...content.blocks.flatMap((block) => [block.text, '']),
    '--',
    `${SHOP_NAME}: personalised colouring pages from your photos.`,
    content.publicUrl,
    '',
  ].join('\n');
  return { subject: content.subject, html, text };
}
