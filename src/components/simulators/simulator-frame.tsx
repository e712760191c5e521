'use client';

import { useEffect, useRef } from 'react';

type Props = { src: string; title: string; className?: string | undefined };

/**
 * The simulator's frame, as tall as its page: the result and the official source below the form are never cut.
 * The simulator is served by this site (/embed/…), so its document can be measured; its height follows every
 * change (a result computed, a narrower screen). Without script the frame keeps the height of its CSS.
 */
export function SimulatorFrame({ src, title, className }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let observer: ResizeObserver | undefined;
    const fitHeight = () => {
      const body = element.contentDocument?.body;
      if (body && body.childElementCount > 0) {
        element.style.height = `${Math.ceil(body.getBoundingClientRect().height)}px`;
      }
    };
    const watch = () => {
      observer?.disconnect();
      const body = element.contentDocument?.body;
      if (!body) return;
      fitHeight();
      observer = new ResizeObserver(fitHeight);
      observer.observe(body);
    };
    element.addEventListener('load', watch);
    // The frame may have loaded before hydration.
    if (element.contentDocument?.readyState === 'complete') watch();
    return () => {
      element.removeEventListener('load', watch);
      observer?.disconnect();
    };
  }, []);
  return <iframe ref={frame} className={className} src={src} title={title} loading="lazy" />;
}
