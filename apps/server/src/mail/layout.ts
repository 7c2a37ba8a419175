import type { Locale } from '@truss/contracts';

export const PRODUCT_NAME = 'Truss';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One paragraph of a mail body (the text is escaped here). */
export function mailParagraph(text: string, style = 'margin:0 0 16px'): string {
  return `<p style="${style}">${escapeHtml(text)}</p>`;
}

/** The call-to-action button of a mail. */
export function mailButton(button: { label: string; url: string }, margin = '0 0 24px'): string {
  return `<p style="margin:${margin}"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 20px;border-radius:6px;font-weight:600">${escapeHtml(button.label)}</a></p>`;
}

/**
 * The one HTML shell of every mail: the product name on top, the mail's own blocks (HTML the
 * caller escaped, e.g. with `mailParagraph`), and the site's address at the bottom.
 */
export function mailHtml(input: { locale: Locale; publicUrl: string; blocks: string[] }): string {
  const site = escapeHtml(input.publicUrl);
  return `<!doctype html>
<html lang="${input.locale}">
  <body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#18181b">
    <table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <tr><td>
        <p style="margin:0 0 24px;font-size:18px;font-weight:600">${PRODUCT_NAME}</p>
        ${input.blocks.filter((block) => block !== '').join('\n        ')}
        <p style="margin:0;font-size:12px;color:#a1a1aa"><a href="${site}" style="color:#a1a1aa">${site}</a></p>
      </td></tr>
    </table>
  </body>
</html>
`;
}
