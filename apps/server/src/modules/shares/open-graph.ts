import { resolveLocale, type Locale } from '@truss/contracts';
import type { FastifyRequest } from 'fastify';
import { escapeHtml, PRODUCT_NAME } from '../../mail/templates.ts';
import type { SharesAccessService } from './access-service.ts';

const SHARE_PAGE = /^\/share\/([A-Za-z0-9_-]{1,128})\/?$/;

const texts: Record<Locale, { genericTitle: string; description: string }> = {
  en: {
    genericTitle: `Shared model · ${PRODUCT_NAME}`,
    description: `A 3D model shared on ${PRODUCT_NAME}. Open the link to view it in the browser.`,
  },
  'zh-CN': {
    genericTitle: `分享的模型 · ${PRODUCT_NAME}`,
    description: `在 ${PRODUCT_NAME} 上分享的 3D 模型，打开链接即可在浏览器中查看。`,
  },
};

interface HeadMarkup {
  /** Replaces the page's <title>. */
  title: string;
  /** Escaped <meta> tags for <head>. */
  tags: string;
}

/**
 * Open Graph tags of `/share/{token}` pages (link previews in chats and mail). Only live public
 * shares show the model's name and thumbnail (an absolute, share-scoped URL); code-protected,
 * private, unknown and dead links all get the same generic card, so a preview reveals neither
 * the model nor whether the link works.
 */
export function shareOpenGraph(access: SharesAccessService, publicUrl: string) {
  return async (pathname: string, request: FastifyRequest): Promise<HeadMarkup | null> => {
    const match = SHARE_PAGE.exec(pathname);
    if (!match) return null;
    const token = match[1]!;
    const t = texts[resolveLocale(request.headers['accept-language'])];
    const preview = await access.preview(token);
    const title = preview ? `${preview.name} · ${PRODUCT_NAME}` : t.genericTitle;
    const meta: [string, string, string][] = [
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', PRODUCT_NAME],
      ['property', 'og:title', preview ? preview.name : t.genericTitle],
      ['property', 'og:description', t.description],
      ['property', 'og:url', `${publicUrl}/share/${token}`],
    ];
    if (preview?.thumbnailPath) {
      meta.push(['property', 'og:image', `${publicUrl}${preview.thumbnailPath}`]);
      meta.push(['name', 'twitter:card', 'summary_large_image']);
    } else {
      meta.push(['name', 'twitter:card', 'summary']);
    }
    // Share pages are capabilities: keep them out of search indexes.
    meta.push(['name', 'robots', 'noindex, nofollow']);
    const tags = meta
      .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
      .join('\n    ');
    return { title: escapeHtml(title), tags };
  };
}
