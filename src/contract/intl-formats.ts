/**
 * Intl formatters, made once per locale and options and kept: making one costs far more than
 * formatting with it (a product card formats several prices and counts, a page dozens of cards).
 */
function keptFormats<Options, Format>(make: (locale: string, options: Options) => Format) {
  const kept = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = kept.get(key);
    if (!format) {
      format = make(locale, options);
      kept.set(key, format);
    }
    return format;
  };
}

export const numberFormat = keptFormats(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export const dateTimeFormat = keptFormats(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
