import 'server-only';
import { compile } from 'html-to-text';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { html, type SafeHtml } from './html';

export type RenderedEmail = { html: string; text: string };

export type EmailContent = {
  /** Also the document's title. */
  subject: string;
  /** The line mail clients show after the subject, hidden in the message itself. */
  preheader?: string;
  /** The message, from the `html` tag: paragraphs, `emailButton`, lists. */
  body: SafeHtml;
  /** Why the reader receives this message, and how to stop it. */
  footer?: SafeHtml;
};

// Links keep their address in the text part ("Confirmer [https://…]"); images and the hidden preheader go.
const toText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: '.preheader', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    // The layout tables are not data: their cells read as blocks.
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'block' },
  ],
});

const FONT = 'Arial,Helvetica,sans-serif';

/** A call-to-action link styled as a button (mail clients ignore most CSS; a table cell holds the colour). */
export function emailButton(label: string, href: string): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:20px 0"><tr>
<td style="background:#0b3c6f;border-radius:4px"><a href="${href}" style="display:inline-block;padding:12px 20px;font:700 15px/1.2 ${FONT};color:#ffffff;text-decoration:none">${label}</a></td>
</tr></table>`;
}

/** A paragraph of the message body. */
export function emailParagraph(content: SafeHtml | string): SafeHtml {
  return html`<p style="margin:0 0 14px;font:15px/1.55 ${FONT};color:#1a1f2b">${content}</p>`;
}

/**
 * The product's e-mail: one 600-pixel column of tables with inline styles (what every mail client renders,
 * narrowing on phones) with the publisher's header, and the plain-text part made from the same HTML.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const document = html`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${content.subject}</title>
<style>@media (max-width:620px){.container{width:100% !important}.pad{padding-left:16px !important;padding-right:16px !important}}</style>
</head><body style="margin:0;padding:0;background:#f4f6f9">
${content.preheader ? html`<div class="preheader" style="display:none;max-height:0;overflow:hidden">${content.preheader}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f9"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" style="width:600px;max-width:100%;background:#ffffff">
<tr><td class="pad" style="padding:20px 24px;background:#0b3c6f;color:#ffffff">
<p style="margin:0;font:700 12px/1.4 ${FONT};letter-spacing:.1em;text-transform:uppercase">${PUBLISHER_NAME}</p>
<h1 style="margin:4px 0 0;font:700 26px/1.2 Georgia,'Times New Roman',serif;color:#ffffff">${DAILY_NAME}</h1>
</td></tr>
<tr><td class="pad" style="padding:24px">${content.body}</td></tr>
${content.footer ? html`<tr><td class="pad" style="padding:16px 24px;border-top:1px solid #d9dde5;font:13px/1.5 ${FONT};color:#4a5263">${content.footer}</td></tr>` : ''}
</table></td></tr></table></body></html>`;
  return {
    html: document.value,
    text: toText(document.value)
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}
