import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forClients } from '@recaudo/domain/format';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { AppError } from './errors';

/**
 * The public pages a document's QR code opens (spec 03 "Public verification pages") are drawn
 * here, as plain HTML with its styles inline: a third party opens them on a phone, where the web
 * app's scripts and antd's stylesheet took seconds to show one card (docs/decisions.md, "Public
 * verification pages drawn by the server"). antd's look is kept: its colours, radii and type.
 */
const STYLES = `
:root { color-scheme: light dark; --bg: #f5f5f5; --card: #fff; --text: rgba(0,0,0,.88); --muted: rgba(0,0,0,.65); --line: #f0f0f0; --label: rgba(0,0,0,.02); --link: #1f6feb;
  --ok-bg: #f6ffed; --ok-line: #b7eb8f; --ok: #237804; --bad-bg: #fff2f0; --bad-line: #ffccc7; --bad: #cf1322; --tag-bg: rgba(0,0,0,.02); --tag-line: #d9d9d9; }
@media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #141414; --text: rgba(255,255,255,.85); --muted: rgba(255,255,255,.65); --line: #303030; --label: rgba(255,255,255,.04); --link: #58a6ff;
  --ok-bg: #162312; --ok-line: #274916; --ok: #95de64; --bad-bg: #2c1618; --bad-line: #5b2526; --bad: #ff7875; --tag-bg: rgba(255,255,255,.04); --tag-line: #424242; } }
* { box-sizing: border-box; }
body { margin: 0; padding: clamp(12px, 4vw, 24px); background: var(--bg); color: var(--text); font: 14px/1.5714 -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif; }
main { max-width: 640px; margin: 0 auto; padding: clamp(16px, 5vw, 32px); background: var(--card); border-radius: 8px; box-shadow: 0 1px 2px rgba(0,0,0,.03), 0 1px 6px -1px rgba(0,0,0,.02), 0 2px 4px rgba(0,0,0,.02); }
.logo { display: block; text-align: center; font-size: 24px; font-weight: 600; color: var(--link); text-decoration: none; }
h1 { margin: 16px 0; font-size: 20px; font-weight: 600; line-height: 1.4; text-align: center; }
.lead { margin: 0 0 16px; text-align: center; color: var(--muted); }
dl { margin: 0; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
dl div { display: grid; grid-template-columns: 40% 1fr; }
dl div + div { border-top: 1px solid var(--line); }
dt, dd { margin: 0; padding: 8px 16px; overflow-wrap: anywhere; }
dt { background: var(--label); border-inline-end: 1px solid var(--line); }
.notice + dl { margin-top: 16px; }
.tags { display: flex; flex-wrap: wrap; gap: 4px; }
.tag { display: inline-block; padding: 0 7px; font-size: 12px; line-height: 20px; border: 1px solid var(--tag-line); border-radius: 4px; background: var(--tag-bg); }
.tag.solid { border-color: transparent; color: #fff; }
.notice { padding: 16px 24px; border: 1px solid; border-radius: 8px; }
.notice p { margin: 0; }
.notice-title { font-size: 16px; font-weight: 600; }
.notice-success { background: var(--ok-bg); border-color: var(--ok-line); }
.notice-success .notice-title { color: var(--ok); }
.notice-error { background: var(--bad-bg); border-color: var(--bad-line); }
.notice-error .notice-title { color: var(--bad); }
.result { padding: 32px 16px; text-align: center; }
.result-icon { display: inline-grid; place-items: center; width: 64px; height: 64px; border-radius: 50%; background: var(--bad); color: #fff; font-size: 36px; line-height: 1; }
.result-title { margin: 16px 0 8px; font-size: 24px; }
.result p { margin: 0; color: var(--muted); }
`;

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label and value, one per row, as antd's bordered Descriptions on one column. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <dl>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          {/* A public page is read by clients and third parties: nothing shows as a dash, never VACIO. */}
          <dd>{typeof item.value === 'string' ? forClients(item.value) : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A tag; `color` fills it, with white text (the colours given must read at 4.5:1 on white text). */
export function Tag({ children, color }: { children: ReactNode; color?: string }) {
  return (
    <span className={color ? 'tag solid' : 'tag'} style={color ? { background: color } : undefined}>
      {children}
    </span>
  );
}

/** What the document's state means, above its data: valid (success) or no longer valid (error). */
export function Notice({ kind, title, children }: { kind: 'success' | 'error'; title: string; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <p className="notice-title">{title}</p>
      <p>{children}</p>
    </div>
  );
}

interface PublicPage {
  /** The browser tab's title after the product's name, as the web app's route titles ("Verificar pago"). */
  tabTitle: string;
  /** The page's heading ("Verificación de pago"). */
  heading: string;
  description: string;
  body: ReactNode;
}

/** A page's words; `errorTitle` heads the error result (the spec's "Error!"). */
type PublicPageText = Omit<PublicPage, 'body'> & { errorTitle: string };

function documentOf({ tabTitle, heading, description, body }: PublicPage): string {
  const markup = renderToStaticMarkup(
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={description} />
        <title>{`${PRODUCT_NAME} | ${tabTitle}`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLES }} />
      </head>
      <body>
        <main aria-labelledby="page-title">
          <a className="logo" href="/" aria-label={`${PRODUCT_NAME}, ir al inicio`}>
            {PRODUCT_NAME}
          </a>
          <h1 id="page-title">{heading}</h1>
          {body}
        </main>
      </body>
    </html>,
  );
  return `<!doctype html>${markup}`;
}

/**
 * Sends a public page drawn from what `render` finds. A refusal `render` throws (the hash names
 * nothing: 404; too many misses: 429) is the page's error result under the spec's title, with the
 * refusal's status and message; any other failure goes to the error handler.
 */
async function sendPublicPage(reply: FastifyReply, page: PublicPageText, render: () => Promise<ReactNode>): Promise<FastifyReply> {
  let status = 200;
  let body: ReactNode;
  try {
    body = await render();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    status = error.status;
    body = (
      <div className="result" role="alert">
        <span className="result-icon" aria-hidden="true">
          ×
        </span>
        <h2 className="result-title">{page.errorTitle}</h2>
        <p>{error.message}</p>
      </div>
    );
  }
  // What a document says can change (a payment approved, a certificate revoked): never kept.
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(documentOf({ ...page, body }));
}

/**
 * The public page at `${prefix}/{hash}`: what `render` draws from the document with that hash,
 * asked with the caller's IP (the per-IP miss limit). The route takes the rest of the address,
 * however long: a parameter past the router's 100 characters matched no route, and the web app's
 * fallback answered it with the app, which sends these addresses back here.
 */
export function publicHashPage(app: FastifyInstance, prefix: string, page: PublicPageText, render: (hash: string, ip: string) => Promise<ReactNode>): void {
  app.get<{ Params: { '*': string } }>(`${prefix}/*`, { schema: { hide: true } }, (request, reply) =>
    sendPublicPage(reply, page, () => render(request.params['*'], request.ip)),
  );
}
