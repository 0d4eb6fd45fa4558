// HTML attributes React 18 has no property for (React 19 added both). React 18 passes an unknown attribute through
// when it is written in lower case with a string value, so that is how these are written.
declare module 'react' {
  interface HTMLAttributes<T> {
    /** `inert=""`: React 18 drops a boolean `inert` (with a warning) */
    inert?: '' | undefined;
  }
  interface ImgHTMLAttributes<T> {
    /** the image's fetch priority; React 18 warns on `fetchPriority` */
    fetchpriority?: 'high' | 'low' | 'auto' | undefined;
  }
}

/** Props that make an element inert (out of the tab order and the accessibility tree) while `on` holds. */
export const inert = (on: boolean) => (on ? ({ inert: '' } as const) : {});
