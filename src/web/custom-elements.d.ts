import type { DetailedHTMLProps, HTMLAttributes } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /**
       * A part of a kept page filled per visitor (components/top-bar.tsx); `display: contents`
       * (app.css), so it adds no box.
       */
      'matjar-slot': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
