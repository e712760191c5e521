import 'server-only';
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
 * `<script src="/_next/static/chunks/….js" async="" nonce="…"></script>`, `async` before or after the nonce; a
 * chunk's name holds no character that would need escaping in the loader's list.
 */
const FRAMEWORK_SCRIPT =
  /<script src="(\/_next\/static\/chunks\/[\w.~-]+\.js)"( async="")? nonce="([A-Za-z0-9+/=]+)"( async="")?><\/script>/g;
const LINK_TAG = /<link\b[^>]*>/g;
const SCRIPT_PRELOAD = /\brel="preload"[^>]*\bas="script"|\bas="script"[^>]*\brel="preload"/;
const HREF = /\bhref="([^"]+)"/;

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

/**
 * The page with its framework scripts loaded by the loader, or the page unchanged when it has none of them or no
 * end of body to put the loader before.
 */
export function withScriptsAfterPaint(html: string): string {
  if (!html.includes('</body>')) return html;
  const sources: string[] = [];
  let nonce: string | undefined;
  const withoutScripts = html.replace(
    FRAMEWORK_SCRIPT,
    (
      tag,
      source: string,
      asyncBefore: string | undefined,
      tagNonce: string,
      asyncAfter: string | undefined,
    ) => {
      // A script without async runs in order with the parsing (or is the legacy browsers' one): left in place.
      if (!asyncBefore && !asyncAfter) return tag;
      if (nonce !== undefined && tagNonce !== nonce) return tag;
      nonce = tagNonce;
      sources.push(source);
      return '';
    },
  );
  if (nonce === undefined) return html;
  const deferred = new Set(sources);
  const page = withoutScripts.replace(LINK_TAG, (tag) =>
    SCRIPT_PRELOAD.test(tag) && deferred.has(HREF.exec(tag)?.[1] ?? '') ? '' : tag,
  );
  const loader = `<script nonce="${nonce}">${loaderScript(sources)}</script>`;
  const end = page.lastIndexOf('</body>');
  return `${page.slice(0, end)}${loader}${page.slice(end)}`;
}
