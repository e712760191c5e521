import 'server-only';
import { Parser } from 'htmlparser2';
import { HYDRATED_EVENT } from '@/lib/hydration';

/**
 * The framework's scripts of a reader page run after its largest paint (docs/decisions/068).
 *
 * Next.js writes its chunks as `<script src async>` in the head, with a preload of its bootstrap script: on a
 * phone's connection their 150 to 160 KB of gzip share the first seconds with the page's fonts and images, and
 * Lighthouse's simulation counts in the largest paint every request that ended before it (docs/SCALING.md,
 * 2026-11-28). This takes those tags out of the HTML and puts in their place one inline script that adds the same
 * scripts once the browser reports the largest paint, at a reader's first pointer, key or touch, or after
 * LOADER_FALLBACK_MS.
 *
 * Until React has hydrated, what the reader does is kept and given to React then (`loaderScript`): a click on a
 * `type="button"` button, which does nothing without scripts (links and form submissions work without them), the
 * text typed into a field (React keeps a typed value at hydration, but its state does not know it), the hover of
 * a menu.
 */

/** The scripts start at the latest this long after the loader ran (a hidden tab paints nothing). */
const LOADER_FALLBACK_MS = 3000;

/**
 * A framework chunk's address: a chunk's name holds no character that would need escaping in the loader's list.
 * Anything else (a query, another folder) is not Next's shape as this rewrite knows it, and stays in place.
 */
const FRAMEWORK_CHUNK = /^\/_next\/static\/chunks\/[\w.~-]+\.js$/;
/** The attributes Next.js gives its chunk tags; a tag with any other (a type, `noModule`, `defer`) stays. */
const CHUNK_ATTRIBUTES = new Set(['src', 'async', 'nonce']);
/** A nonce's characters (base64): it is written back into the loader's own tag. */
const NONCE = /^[A-Za-z0-9+/=]+$/;

/**
 * The loader, run where the page's HTML ends, with the page's nonce (given to the scripts it adds). Kept small
 * and without timers on its way to the scripts but the fallback: the paint's observer and the reader's first
 * gesture start them. Until the hydration event, it holds:
 * - clicks on `type="button"` buttons, clicked again after hydration (still in the page and enabled);
 * - text typed into fields, handed to React: the field is reset through React's own setter of `value` (so React
 *   takes the typed text for a change), given the text again through the element's native setter, and sent an
 *   `input` event;
 * - the element under a mouse pointer, sent a `pointerover` after hydration if the pointer is still over it (the
 *   header's menus open on hover).
 */
function loaderScript(sources: string[]): string {
  return `(function(){
var sources=${JSON.stringify(sources)},nonce=document.currentScript.nonce,started=false,hydrated=false,clicks=[],typed=[],hovered=null;
function start(){if(started)return;started=true;sources.forEach(function(source){var script=document.createElement('script');script.src=source;script.async=true;script.nonce=nonce;document.head.appendChild(script)})}
if(((window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[]).indexOf('largest-contentful-paint')<0)start();
else new PerformanceObserver(start).observe({type:'largest-contentful-paint',buffered:true});
setTimeout(start,${LOADER_FALLBACK_MS});
['pointerdown','pointerover','keydown','touchstart'].forEach(function(type){addEventListener(type,start,{capture:true,passive:true})});
addEventListener('click',function(event){if(hydrated||!(event.target instanceof Element))return;var button=event.target.closest('button[type="button"]');if(!button)return;event.preventDefault();event.stopImmediatePropagation();if(clicks.indexOf(button)<0)clicks.push(button);start()},true);
addEventListener('input',function(event){var field=event.target;if(!hydrated&&(field instanceof HTMLInputElement||field instanceof HTMLTextAreaElement)&&typed.indexOf(field)<0)typed.push(field)},true);
addEventListener('pointerover',function(event){if(!hydrated&&event.pointerType==='mouse'&&event.target instanceof Element)hovered=event.target},true);
function handOver(field){var value=field.value;if(value===field.defaultValue)return;var own=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field),'value');if(!own||!own.set)return;field.value=field.defaultValue;own.set.call(field,value);field.dispatchEvent(new Event('input',{bubbles:true}))}
addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){hydrated=true;
typed.forEach(handOver);
if(hovered&&hovered.isConnected&&hovered.matches(':hover'))hovered.dispatchEvent(new PointerEvent('pointerover',{bubbles:true,pointerType:'mouse'}));
clicks.forEach(function(button){if(button.isConnected&&!button.disabled)button.click()})},{once:true})})()`;
}

/** A stretch of the page by its offsets: from `start` up to, not including, `end`. */
type Cut = { start: number; end: number };

/** What the parse of a page found: the chunks and script preloads to take out, and where the body ends. */
type Found = {
  chunks: (Cut & { source: string; nonce: string })[];
  preloads: (Cut & { href: string })[];
  bodyEnd: number | undefined;
};

/** A `<script src async nonce>` of a framework chunk, nothing in it, or undefined for any other script. */
function chunkOf(attributes: Record<string, string>): { source: string; nonce: string } | undefined {
  const { src, async, nonce } = attributes;
  if (src === undefined || async === undefined || nonce === undefined) return undefined;
  if (!Object.keys(attributes).every((name) => CHUNK_ATTRIBUTES.has(name))) return undefined;
  if (!FRAMEWORK_CHUNK.test(src) || !NONCE.test(nonce)) return undefined;
  return { source: src, nonce };
}

/** A `<link rel="preload" as="script" href>`'s address, or undefined for any other link. */
function scriptPreloadOf(attributes: Record<string, string>): string | undefined {
  const relations = (attributes.rel ?? '').toLowerCase().split(/\s+/);
  if (!relations.includes('preload') || attributes.as?.toLowerCase() !== 'script') return undefined;
  return attributes.href;
}

/**
 * Parses the page as a browser would tokenise it (attribute order, quotes and case do not matter; what is inside
 * a comment or an inline script is not a tag) and notes, by their offsets in `html`, the framework's chunk tags,
 * the script preloads and the last end of body.
 */
function find(html: string): Found {
  const found: Found = { chunks: [], preloads: [], bodyEnd: undefined };
  let openChunk: (Cut & { source: string; nonce: string }) | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        openChunk = undefined;
        if (name === 'script') {
          const chunk = chunkOf(attributes);
          if (chunk) openChunk = { ...chunk, start: parser.startIndex, end: parser.endIndex + 1 };
        } else if (name === 'link') {
          const href = scriptPreloadOf(attributes);
          if (href !== undefined) {
            found.preloads.push({ href, start: parser.startIndex, end: parser.endIndex + 1 });
          }
        }
      },
      onclosetag(name, isImplied) {
        if (name === 'script' && openChunk) {
          // Only an empty script: its closing tag follows its opening one.
          if (!isImplied && parser.startIndex === openChunk.end) {
            found.chunks.push({ ...openChunk, end: parser.endIndex + 1 });
          }
          openChunk = undefined;
        } else if (name === 'body' && !isImplied) {
          found.bodyEnd = parser.startIndex;
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/**
 * The page with its framework scripts loaded by the loader, or the page unchanged when it has none of them or no
 * end of body to put the loader before. Everything but the tags taken out and the loader keeps its bytes.
 */
export function withScriptsAfterPaint(html: string): string {
  if (!html.includes('</body>')) return html;
  const { chunks, preloads, bodyEnd } = find(html);
  if (bodyEnd === undefined) return html;
  // A script whose nonce differs from the first one's is left in place: never given a nonce it did not have.
  const nonce = chunks[0]?.nonce;
  if (nonce === undefined) return html;
  const moved = chunks.filter((chunk) => chunk.nonce === nonce);
  const sources = moved.map((chunk) => chunk.source);
  const deferred = new Set(sources);
  const loader = `<script nonce="${nonce}">${loaderScript(sources)}</script>`;
  const edits: (Cut & { text: string })[] = [
    ...moved.map((chunk) => ({ ...chunk, text: '' })),
    ...preloads.filter((preload) => deferred.has(preload.href)).map((preload) => ({ ...preload, text: '' })),
    { start: bodyEnd, end: bodyEnd, text: loader },
  ].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(html.slice(from, edit.start), edit.text);
    from = edit.end;
  }
  parts.push(html.slice(from));
  return parts.join('');
}
