// A diagnosis for issue 16 (not a timed test, not part of the site): an HTTP proxy in front of a running production
// server that moves the framework's scripts after the page's largest paint, to measure with Lighthouse what the
// site would score if they came later (docs/SCALING.md, 2026-11-28, morning).
//
//   UPSTREAM=http://127.0.0.1:3690 PORT=3697 node --import tsx bench/pages/scripts-after-paint-proxy.ts
//
// Each HTML answer loses its `<script src="/_next/static/chunks/…">` tags and their `<link rel="preload"
// as="script">` hints, and gains one inline script (with the page's nonce) that inserts the same scripts once the
// browser reports a largest-contentful-paint entry (at once where that entry type is unsupported, after 3 s at the
// latest). PRELOAD=1 keeps low-priority preloads of them (the bytes early, the evaluation late); BLOCK=<text> answers
// 404 to every URL holding that text (a font, to see what it weighs). HTML is sent gzipped, the rest as it comes.
import http from 'node:http';
import zlib from 'node:zlib';

const upstream = new URL(process.env.UPSTREAM ?? 'http://127.0.0.1:3690');
const port = Number(process.env.PORT ?? 3697);
const keepPreloads = process.env.PRELOAD === '1';
const blocked = process.env.BLOCK;

const FRAMEWORK_SCRIPT =
  /<script src="(\/_next\/static\/chunks\/[^"]+)"(?: async="")? nonce="([^"]+)"(?: async="")?><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script"[^>]*>/g;

function scriptsAfterLargestPaint(html: string): string {
  const sources: string[] = [];
  let nonce = '';
  let page = html.replace(FRAMEWORK_SCRIPT, (_tag, source: string, pageNonce: string) => {
    sources.push(source);
    nonce = pageNonce;
    return '';
  });
  if (sources.length === 0) return html;
  page = page.replace(SCRIPT_PRELOAD, '');
  const preloads = keepPreloads
    ? sources
        .map(
          (source) =>
            `<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="${source}"/>`,
        )
        .join('')
    : '';
  const loader = `<script nonce="${nonce}">(function(){var sources=${JSON.stringify(sources)},started=false;
function start(){if(started)return;started=true;setTimeout(function(){sources.forEach(function(source){
var script=document.createElement('script');script.src=source;script.async=true;script.nonce=${JSON.stringify(nonce)};
document.head.appendChild(script)})},0)}
try{new PerformanceObserver(start).observe({type:'largest-contentful-paint',buffered:true})}catch(error){start()}
setTimeout(start,3000)})()</script>`;
  return page.replace('</head>', `${preloads}</head>`).replace('</body>', `${loader}</body>`);
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

http
  .createServer((request, response) => {
    if (blocked && request.url?.includes(blocked)) {
      response.writeHead(404).end();
      return;
    }
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        if (!String(answer.headers['content-type'] ?? '').includes('text/html')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = decoded(Buffer.concat(chunks), answer.headers['content-encoding']).toString('utf8');
          const body = zlib.gzipSync(Buffer.from(scriptsAfterLargestPaint(html)));
          const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, {
            ...headers,
            'content-encoding': 'gzip',
            'content-length': String(body.length),
          });
          response.end(body);
        });
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  })
  .listen(port, '127.0.0.1');
