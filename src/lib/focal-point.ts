/** A focal point of the media library: where crops keep the subject, in percent from the left and the top. */
type FocalPoint = { x: number; y: number };

/** The CSS `object-position` of a focal point (undefined without one: the browser's centre). */
export const focalPosition = (point: FocalPoint | null | undefined): string | undefined =>
  point ? `${point.x}% ${point.y}%` : undefined;
