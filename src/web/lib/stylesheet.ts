import { createContext, useContext } from 'react';

/** The id of the <style> element the root layout writes the stylesheet into. */
export const stylesheetElementId = 'stylesheet';

/**
 * The shop's whole stylesheet (app.css, about 9 KB compressed), given by the server entry so that
 * the root layout writes it into the page's <head>: a linked stylesheet blocks the first paint for
 * one more request, and it was the last file of the page the browser asked for, behind the font
 * and script preloads. In the browser the rules are read back from that element, so hydration
 * finds the same content and a render from scratch keeps it, and the client bundle does not carry
 * the CSS a second time.
 */
export const StylesheetContext = createContext(
  typeof document === 'undefined' ? '' : (document.getElementById(stylesheetElementId)?.textContent ?? ''),
);

export const useStylesheet = () => useContext(StylesheetContext);
