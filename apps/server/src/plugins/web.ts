import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, messages, UPLOAD_PATH } from '@psy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, withShareCard, type ShareCard } from '../lib/share-card';

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>网页尚未构建</title>
<body style="font-family:sans-serif;padding:40px"><h1>网页尚未构建</h1>
<p>请在项目根目录运行 <code>npm run build</code>（或 <code>npm start</code>，它会自动构建）后刷新本页。</p></body></html>`;

/** A public object's share card by its id (null when it is not public). */
export type ShareCardLoader = (id: number) => Promise<ShareCard | null>;

export interface ShareOptions {
  siteName: string;
  /** Detail pages (`/news/detail?id=`) whose served HTML carries their object's card. */
  cards: Record<string, ShareCardLoader>;
  /** The home carousel's first banner, painted with the home page's first screen. */
  firstBanner?: () => Promise<{ image: string; title: string } | null>;
}

const INT4_MAX = 2_147_483_647;

/** Written by the web build (apps/web/route-preloads.ts): each page's own chunks by path. */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');
/** Written by the same build (apps/web/src/lib/first-screens.ts): static first screens by path. */
const FIRST_SCREENS_FILE = path.join('.vite', 'first-screens.json');
/** Where index.html takes a page's first screen: inside #root, after the static header. */
const FIRST_SCREEN_MARK = '<!--first-screen-->';

function readJson(webDist: string, file: string): Record<string, unknown> {
  try {
    const map: unknown = JSON.parse(fs.readFileSync(path.join(webDist, file), 'utf8'));
    return map && typeof map === 'object' ? (map as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The first banner's markup (apps/web/src/lib/first-screens.ts: where, and how it is painted). */
interface BannerSlot {
  mark: string;
  html: string;
}

function bannerSlotOf(file: Record<string, unknown>): BannerSlot | null {
  const b = file.banner as Partial<BannerSlot> | undefined;
  return typeof b?.mark === 'string' && typeof b.html === 'string' && b.mark.startsWith('<!--')
    ? { mark: b.mark, html: b.html }
    : null;
}

/**
 * The app shell of each page path with that page's own chunks named as module preloads, so the
 * browser fetches them beside the entry instead of after it has run (from the page's first
 * paint on, as the entry's own: apps/web/paint-first.ts), and with the page's static
 * first screen (its heading, painted before any script runs) where the build made one. Paths
 * the build did not map (and builds without the maps) get the plain shell.
 */
function shellsByPath(webDist: string, shellText: string): Map<string, Buffer> {
  const shells = new Map<string, Buffer>();
  if (!shellText.includes('</head>')) return shells;
  const preloads = readJson(webDist, ROUTE_PRELOADS_FILE);
  const screens = (readJson(webDist, FIRST_SCREENS_FILE).screens ?? {}) as Record<string, unknown>;
  for (const pagePath of new Set([...Object.keys(preloads), ...Object.keys(screens)])) {
    const files = preloads[pagePath];
    const links = (Array.isArray(files) ? files : [])
      .filter((f): f is string => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f))
      // Inert until the page's first paint: its start script makes them module preloads then
      // (apps/web/paint-first.ts).
      .map((f) => `<link data-modulepreload href="${f}">`)
      .join('');
    const screen = screens[pagePath];
    let text = links ? shellText.replace('</head>', `${links}</head>`) : shellText;
    if (typeof screen === 'string') text = text.replace(FIRST_SCREEN_MARK, screen);
    // Encoded once, like the plain shell: a request only picks its page's bytes.
    if (text !== shellText) shells.set(pagePath, Buffer.from(text));
  }
  return shells;
}

/** The `id` of a detail page's query string when it is a plain positive integer. */
function idOf(req: FastifyRequest): number | null {
  const query = req.url.split('?')[1];
  const raw = query ? new URLSearchParams(query).get('id') : null;
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= INT4_MAX ? id : null;
}

/**
 * Serves the built web app, with history-mode fallback: any GET for a non-API path
 * without a file extension answers index.html, so deep links work after a reload.
 * The detail pages of public objects (`share.cards`) answer it with the object's title,
 * description and Open Graph tags, so a shared link reads right without running the app.
 * Unknown API paths answer the 404 envelope; so do the demo mock's paths (/v1/*, /table/list)
 * when DEMO_CONSOLE is off.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  share: ShareOptions = { siteName: '', cards: {} },
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  // The shell is small and fixed for the life of the process: keep it in memory.
  const shell = built ? fs.readFileSync(indexFile) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz next to each text asset: sent as they are to clients that
      // accept them (Vary: Accept-Encoding), the plain file to others.
      preCompressed: true,
      // Nothing under a dot path is for clients: the build's manifest (dist/.vite) names the
      // sources; the static plugin would serve it (its dotfiles default is allow).
      dotfiles: 'deny',
      allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')),
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const shellText = shell?.toString('utf8') ?? '';
  const routeShells = built ? shellsByPath(webDist, shellText) : new Map<string, Buffer>();
  const bannerSlot = built ? bannerSlotOf(readJson(webDist, FIRST_SCREENS_FILE)) : null;
  // Shells that show the first banner: filled per request (an auditor's edit shows at once).
  const bannerShells = new Map(
    [...routeShells]
      .map(([p, b]) => [p, b.toString('utf8')] as const)
      .filter(([, text]) => bannerSlot && text.includes(bannerSlot.mark)),
  );

  /** The shell with the first banner painted in it, or without it when there is none. */
  async function withBanner(req: FastifyRequest, text: string): Promise<string> {
    let banner: { image: string; title: string } | null = null;
    try {
      banner = (await share.firstBanner?.()) ?? null;
    } catch (err) {
      // The page still works without it: the app loads the carousel itself.
      req.log.error({ err }, 'first banner failed');
    }
    if (!banner) return text.replace(bannerSlot!.mark, '');
    const src = escapeHtml(`${UPLOAD_PATH}${encodeURIComponent(banner.image)}`);
    // Replaced by functions: a title's `$&` or `$'` is text, not a replacement pattern.
    const slide = bannerSlot!.html
      .replace('{src}', () => src)
      .replace('{title}', () => escapeHtml(banner.title));
    return text
      .replace('<head>', () => `<head><link rel="preload" as="image" fetchpriority="high" href="${src}">`)
      .replace(bannerSlot!.mark, () => slide);
  }

  // no-cache: the shell names the current asset files, and a card follows its object's edits.
  const sendShell = async (
    req: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    card: ShareCard | null = null,
  ) => {
    if (!shell) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    const key = pathname.replace(/(.)\/$/, '$1');
    const page = routeShells.get(key);
    const bannerShell = bannerShells.get(key);
    const body = card
      ? withShareCard(page?.toString('utf8') ?? shellText, card, share.siteName)
      : bannerShell !== undefined
        ? await withBanner(req, bannerShell)
        : (page ?? shell);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(body);
  };

  /** The card of the public object a detail page shows; null for other pages and unknown ids. */
  async function cardFor(req: FastifyRequest, pathname: string): Promise<ShareCard | null> {
    const load = share.cards[pathname.replace(/\/$/, '')];
    const id = load && shell ? idOf(req) : null;
    if (!load || id === null) return null;
    try {
      return await load(id);
    } catch (err) {
      // The page still works without its card: the app loads the object itself.
      req.log.error({ err }, 'share card failed');
      return null;
    }
  }

  // The static plugin refuses directory paths, so the root is answered here.
  app.get('/', { schema: { hide: true } }, (req, reply) => sendShell(req, reply, '/'));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi =
      [API_PREFIX, '/v1'].some((p) => url === p || url.startsWith(`${p}/`)) ||
      url.replace(/\/$/, '') === '/table/list';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url);
    if (isApi || !isPage) {
      return reply
        .code(404)
        .send({ status: 404, data: null, message: isApi ? messages.apiNotFound : messages.notFound });
    }
    return cardFor(req, url).then((card) => sendShell(req, reply, url, card));
  });
}
